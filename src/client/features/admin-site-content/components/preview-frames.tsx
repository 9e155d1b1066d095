import { useEffect, useId, useRef, useState } from 'react';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { previewPages, previewUrl } from '~/client/features/admin-site-content/api/site-content';

type Device = 'computer' | 'phone';

const devices: Record<Device, { width: number; height: number; label: string }> = {
  computer: { width: 1280, height: 800, label: 'on a computer (1280 pixels wide)' },
  phone: { width: 390, height: 844, label: 'on a phone (390 pixels wide)' },
};

/**
 * The draft as visitors will see it: the public page itself, rendered with the draft by the
 * server (`?preview=draft`), in a frame as wide as a computer's window (scaled down to fit) or
 * a phone's.
 * `revision` reloads the frame after each save.
 */
export function PreviewFrames({ revision }: { revision: number }) {
  const pageId = useId();
  const [page, setPage] = useState<string>('/');
  const [device, setDevice] = useState<Device | null>(null);
  const pageLabel = previewPages.find((p) => p.path === page)?.label ?? page;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={pageId} className="text-sm font-semibold text-stone-800">
            Page to preview
          </label>
          <select
            id={pageId}
            value={page}
            onChange={(event) => setPage(event.target.value)}
            className="min-h-9 rounded-md border border-stone-400 bg-white px-2"
          >
            {previewPages.map((p) => (
              <option key={p.path} value={p.path}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <ActionButton aria-pressed={device === 'computer'} onClick={() => setDevice('computer')}>
          Preview on a computer
        </ActionButton>
        <ActionButton aria-pressed={device === 'phone'} onClick={() => setDevice('phone')}>
          Preview on a phone
        </ActionButton>
        {device ? <ActionButton onClick={() => setDevice(null)}>Close preview</ActionButton> : null}
        <a
          href={previewUrl(page)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-9 items-center text-sm font-semibold text-navy-800 underline"
        >
          Open the preview in a new tab
        </a>
      </div>
      {device ? (
        <ScaledFrame
          key={`${device}-${page}-${revision}`}
          src={previewUrl(page)}
          title={`Preview of the ${pageLabel.toLowerCase() === 'home page' ? 'home page' : `${pageLabel} page`} with the draft, ${devices[device].label}`}
          {...devices[device]}
        />
      ) : null}
    </div>
  );
}

/** A frame of the page at its real width, scaled down when the panel is narrower. */
function ScaledFrame({
  src,
  title,
  width,
  height,
}: {
  src: string;
  title: string;
  width: number;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const room = entry?.contentRect.width ?? width;
      setScale(room > 0 ? Math.min(1, room / width) : 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div ref={box} className="w-full">
      <div
        className="max-w-full overflow-hidden rounded-lg border border-stone-400 bg-white"
        style={{ width: width * scale, height: height * scale }}
      >
        <iframe
          src={src}
          title={title}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </div>
  );
}
