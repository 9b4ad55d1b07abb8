// The few extension APIs this extension uses (Chromium MV3), typed here instead of a dependency.
declare namespace chrome {
  namespace runtime {
    const id: string;
    const lastError: { message?: string } | undefined;
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    function openOptionsPage(): Promise<void>;
    function getManifest(): { version: string; name: string };
    function getURL(path: string): string;
    const onMessage: {
      addListener(
        cb: (
          message: unknown,
          sender: { tab?: { id?: number } },
          sendResponse: (response: unknown) => void,
        ) => boolean | void,
      ): void;
    };
  }
  namespace storage {
    interface Area {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    const local: Area;
    const onChanged: { addListener(cb: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void };
  }
  namespace tabs {
    function create(props: { url: string; active?: boolean }): Promise<unknown>;
  }
  namespace permissions {
    function request(p: { origins: string[] }): Promise<boolean>;
    function contains(p: { origins: string[] }): Promise<boolean>;
  }
  namespace action {
    const onClicked: { addListener(cb: () => void): void };
  }
}
