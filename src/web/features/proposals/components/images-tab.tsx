import { useRef, useState, type DragEvent } from 'react';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Loader2, X } from 'lucide-react';
import { PROPOSAL_LIMITS } from '#shared/schemas/proposals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { cn } from '#web/lib/cn.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { UPLOAD_TYPES, uploadPhoto } from '../api/upload-photo.ts';
import { MIN_PHOTO_EDGE, movePhoto, type PhotoChoice } from '../lib/editor-values.ts';

interface Props {
  photos: PhotoChoice[];
  onChange: (update: (photos: PhotoChoice[]) => PhotoChoice[]) => void;
  /** Create mode: photos under 200 px in width or height start deselected. */
  autoDeselectSmall: boolean;
}

/**
 * The Images tab: chosen photos are saved in this order and copied into the product's storage
 * (ADR 013). Drag a photo, or use its arrows, to reorder; broken images are hidden.
 */
export function ImagesTab({ photos, onChange, autoDeselectSmall }: Props) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const visible = photos.map((p, index) => ({ p, index })).filter(({ p }) => !p.broken);
  const chosen = visible.filter(({ p }) => p.selected).length;

  const update = (index: number, patch: Partial<PhotoChoice>) =>
    onChange((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const measured = (index: number, img: HTMLImageElement) => {
    const width = img.naturalWidth;
    const height = img.naturalHeight;
    onChange((list) =>
      list.map((p, i) => {
        if (i !== index || p.width !== undefined) return p;
        const small = width < MIN_PHOTO_EDGE || height < MIN_PHOTO_EDGE;
        return { ...p, width, height, selected: autoDeselectSmall && small ? false : p.selected };
      }),
    );
  };

  const onDrop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragFrom !== null) onChange((list) => movePhoto(list, dragFrom, to));
    setDragFrom(null);
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    const room = PROPOSAL_LIMITS.maxPhotos - photos.length;
    const list = Array.from(files).slice(0, Math.max(room, 0));
    if (list.length < files.length) toastFailure(`At most ${PROPOSAL_LIMITS.maxPhotos} photos`, null, false);
    setUploading((n) => n + list.length);
    for (const file of list) {
      try {
        const stored = await uploadPhoto(file);
        onChange((current) => [
          ...current,
          { url: stored.url, selected: true, width: stored.width, height: stored.height },
        ]);
      } catch (err) {
        toastFailure(`Failed to upload ${file.name}`, err);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="photos-summary">
          {chosen} of {visible.length} photos chosen. Drag to reorder; the first is the cover.
        </p>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          multiple
          className="hidden"
          data-testid="photo-upload-input"
          onChange={(e) => {
            void upload(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => fileInput.current?.click()}
          disabled={uploading > 0}
        >
          {uploading > 0 ? <Loader2 className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />} Upload photos
        </Button>
      </div>
      {visible.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No photos. Upload JPEG, PNG or WebP photos.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
          {visible.map(({ p, index }, position) => (
            <li
              key={p.url}
              draggable
              onDragStart={() => setDragFrom(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={onDrop(index)}
              onDragEnd={() => setDragFrom(null)}
              data-testid="photo-tile"
              data-url={p.url}
              data-selected={p.selected}
              className={cn(
                'group relative overflow-hidden rounded-md border bg-muted',
                !p.selected && 'opacity-50',
                dragFrom === index && 'ring-2 ring-primary',
              )}
            >
              <img
                src={p.url}
                alt={`Photo ${position + 1}`}
                className="aspect-[4/3] w-full object-cover"
                // Eager even while the tab is hidden: sizes are needed at once to deselect the small ones.
                loading="eager"
                referrerPolicy="no-referrer"
                onLoad={(e) => measured(index, e.currentTarget)}
                onError={() => update(index, { broken: true })}
              />
              <div className="absolute inset-x-0 top-0 flex items-center justify-between bg-gradient-to-b from-black/60 to-transparent p-1.5 text-white">
                <label className="flex items-center gap-1.5 text-xs">
                  <Checkbox
                    checked={p.selected}
                    onCheckedChange={(v) => update(index, { selected: v === true })}
                    aria-label={`Use photo ${position + 1}`}
                    className="border-white"
                  />
                  {position + 1}
                </label>
                <GripVertical className="size-4 cursor-grab" aria-hidden />
              </div>
              <div className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-black/60 to-transparent p-1 text-white">
                <span className="px-1 text-[11px]">{p.width && p.height ? `${p.width}×${p.height}` : ''}</span>
                <span className="flex">
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    className="size-7 text-white hover:bg-white/20 hover:text-white"
                    aria-label={`Move photo ${position + 1} earlier`}
                    title={`Move photo ${position + 1} earlier`}
                    disabled={position === 0}
                    onClick={() => onChange((list) => movePhoto(list, index, visible[position - 1]!.index))}
                  >
                    <ChevronLeft aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    className="size-7 text-white hover:bg-white/20 hover:text-white"
                    aria-label={`Move photo ${position + 1} later`}
                    title={`Move photo ${position + 1} later`}
                    disabled={position === visible.length - 1}
                    onClick={() => onChange((list) => movePhoto(list, index, visible[position + 1]!.index))}
                  >
                    <ChevronRight aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    className="size-7 text-white hover:bg-white/20 hover:text-white"
                    aria-label={`Remove photo ${position + 1}`}
                    title={`Remove photo ${position + 1}`}
                    onClick={() => onChange((list) => list.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden />
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
