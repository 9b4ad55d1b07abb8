/**
 * The service worker: every call to the back office goes from here, with the token, never from the
 * content script (a content script's fetch is subject to the marketplace page's CORS). The
 * extension's toolbar button opens the options page.
 */
import type { ApiReply, WorkerRequest } from './messages.ts';
import { loadSettings, originOf } from './settings.ts';

async function api(request: Extract<WorkerRequest, { type: 'api' }>): Promise<ApiReply> {
  const settings = await loadSettings();
  const base = originOf(settings.apiBase);
  if (!base || !settings.token) return { status: -1, body: null };
  try {
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${settings.token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'omit',
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const request = message as WorkerRequest;
  if (request?.type === 'api') {
    void api(request).then(sendResponse);
    return true;
  }
  if (request?.type === 'open' && /^https?:\/\//.test(request.url)) {
    void chrome.tabs.create({ url: request.url, active: true }).then(() => sendResponse({ status: 200, body: null }));
    return true;
  }
  return false;
});

chrome.action.onClicked.addListener(() => {
  void chrome.runtime.openOptionsPage();
});
