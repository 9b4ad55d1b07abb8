/** Messages between the content script / options page and the service worker. */
export type WorkerRequest =
  { type: 'api'; method: 'GET' | 'POST'; path: string; body?: unknown } | { type: 'open'; url: string };

/** The back office's answer as the worker relays it. status 0: it could not be reached. */
export interface ApiReply {
  status: number;
  body: unknown;
}

export function callWorker(request: WorkerRequest): Promise<ApiReply> {
  return chrome.runtime.sendMessage<ApiReply>(request);
}
