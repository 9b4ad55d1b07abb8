import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { IMPORT_NOTES_MAX, type Import } from '#shared/schemas/imports.ts';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useImportWrite } from './use-import-write.ts';

type NoteField = 'notes' | 'deliveryNotes';

/** One text with its own save button, shown only while the text differs from the saved one. */
function NoteEditor({ imp, field, label }: { imp: Import; field: NoteField; label: string }) {
  const saved = imp[field] ?? '';
  // The draft survives a refresh of the import (a live update, a stale write's reload).
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const { write, pending } = useImportWrite(imp);
  // The version the draft started from: a live refresh meanwhile must not make the save blind.
  const base = useBaseVersion(imp.version, useStaleWriteEpoch());
  const id = `import-${field}`;
  const change = (text: string) => {
    if (text === saved) {
      setDraft(null);
      base.stop();
    } else {
      setDraft(text);
      base.start();
    }
  };
  const save = () => {
    const text = value;
    write(
      { [field]: text.trim() === '' ? null : text },
      'Failed to update notes',
      {
        onSuccess: () => {
          setDraft((current) => (current === text ? null : current));
          base.stop();
        },
      },
      base.version,
    );
  };
  return (
    <div className="grid grid-cols-1 gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        value={value}
        maxLength={IMPORT_NOTES_MAX}
        onChange={(e) => change(e.target.value)}
        rows={4}
        placeholder={field === 'notes' ? 'Notes about this import' : 'Where, when and to whom the car is delivered'}
        className="min-h-24"
      />
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">
          {value.length}/{IMPORT_NOTES_MAX}
        </span>
        {dirty ? (
          <span className="flex gap-2">
            <Button size="sm" variant="ghost" onClick={() => change(saved)} disabled={pending}>
              Discard
            </Button>
            <Button size="sm" onClick={save} disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {field === 'notes' ? 'Save notes' : 'Save delivery notes'}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Notes and delivery notes. */
export function NotesCard({ imp }: { imp: Import }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Notes
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <NoteEditor imp={imp} field="notes" label="Notes" />
        <NoteEditor imp={imp} field="deliveryNotes" label="Delivery notes" />
      </CardContent>
    </Card>
  );
}
