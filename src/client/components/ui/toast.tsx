import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** Spec 4 and 9: one toast at a time, shown for 5 s; a swipe of 50 px dismisses it. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);
const DismissContext = createContext<(() => void) | null>(null);

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}

/** Takes the toast down before its time, when what it said is no longer true. */
export function useDismissToast() {
  const dismiss = useContext(DismissContext);
  if (!dismiss) throw new Error('useDismissToast must be used inside ToastProvider');
  return dismiss;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(0);
  const show = useCallback((message: ToastMessage) => {
    nextId.current += 1;
    setToast({ ...message, id: nextId.current });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, dismiss]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <DismissContext.Provider value={dismiss}>
        {children}
        <ToastViewport toast={toast} onDismiss={dismiss} />
      </DismissContext.Provider>
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss }: { toast: ShownToast | null; onDismiss: () => void }) {
  const startX = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (
      startX.current !== null &&
      Math.abs(event.clientX - startX.current) >= TOAST_SWIPE_THRESHOLD
    ) {
      onDismiss();
    }
    startX.current = null;
  };
  const destructive = toast?.variant === 'destructive';
  const card = toast ? (
    <ToastCard
      toast={toast}
      onDismiss={onDismiss}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    />
  ) : null;
  return (
    // Both live regions always exist so screen readers announce a toast when it appears.
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="contents">
        {!destructive ? card : null}
      </div>
      <div role="alert" aria-atomic="true" className="contents">
        {destructive ? card : null}
      </div>
    </div>
  );
}

function ToastCard({
  toast,
  onDismiss,
  onPointerDown,
  onPointerUp,
}: {
  toast: ShownToast;
  onDismiss: () => void;
  onPointerDown: (e: PointerEvent) => void;
  onPointerUp: (e: PointerEvent) => void;
}) {
  const destructive = toast.variant === 'destructive';
  return (
    <div
      key={toast.id}
      data-testid="toast"
      data-variant={toast.variant ?? 'default'}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-stone-200 bg-white text-stone-900'
      }`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-2 text-lg leading-none opacity-80 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}
