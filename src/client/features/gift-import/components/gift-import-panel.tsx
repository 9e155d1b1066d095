import { useRef, useState, type DragEvent } from 'react';
import type { OfflineMethod } from '~/shared/domain';
import {
  GIFT_IMPORT_MAX_BYTES,
  type GiftImportMapping,
  type GiftImportPreview,
  type GiftImportResult,
} from '~/shared/schemas/gift-import';
import { Button } from '~/client/components/ui/button';
import { CheckboxField, ProblemAlert } from '~/client/components/ui/field';
import { FileField } from '~/client/components/ui/file-field';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  useImportGifts,
  usePreviewGiftImport,
} from '~/client/features/gift-import/api/gift-import';
import { MappingFields } from './mapping-fields';
import { PreviewTable } from './preview-table';

const loadSchema = () => import('~/shared/schemas/gift-import').then((m) => m.giftImportForm);

interface ChosenFile {
  name: string;
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The office imports a CSV of gifts received another way (a bank's deposit list, a fund's grant
 * report): choose or drop the file, check which column is which, read what each row will do, then
 * import all of it or nothing. Receipts are mailed only when asked (docs/features.md says why).
 */
export default function GiftImportPanel() {
  const toast = useToast();
  const previewCall = usePreviewGiftImport();
  const importCall = useImportGifts();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<GiftImportPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(loadSchema, { mailReceipts: 'false' });
  const [result, setResult] = useState<GiftImportResult | null>(null);
  // The mapping shown was refused: the rows under it are the last good preview's.
  const [stale, setStale] = useState(false);
  const busy = previewCall.isPending || importCall.isPending;
  // Only the answer to the latest preview is shown: the office may change a column again, or
  // choose another file, before the last one is answered. Nothing is disabled meanwhile, so the
  // keyboard's focus stays where it was.
  const latest = useRef(0);

  async function runPreview(
    chosen: ChosenFile,
    mapping?: GiftImportMapping,
    method?: OfflineMethod | null,
  ) {
    const call = ++latest.current;
    setProblem(null);
    setErrors({});
    try {
      const answer = await previewCall.mutateAsync({
        fileName: chosen.name,
        text: chosen.text,
        ...(mapping ? { mapping, method: method ?? null } : {}),
      });
      if (call !== latest.current) return;
      setPreview(answer);
      setStale(false);
    } catch (error) {
      if (call !== latest.current) return;
      if (error instanceof ApiError) setErrors(error.fields);
      setProblem(error instanceof Error ? error.message : 'The file could not be read.');
      if (mapping && preview) {
        setPreview({ ...preview, mapping, method: method ?? null });
        setStale(true);
      } else setPreview(null);
    }
  }

  async function choose(chosen: File | null) {
    setResult(null);
    setPreview(null);
    if (!chosen) return setFile(null);
    if (chosen.size > GIFT_IMPORT_MAX_BYTES) {
      setFile(null);
      return setProblem('The file is larger than 1 MB. Please split it into smaller files.');
    }
    const next = { name: chosen.name, text: await chosen.text() };
    setFile(next);
    await runPreview(next);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    void choose(event.dataTransfer.files[0] ?? null);
  }

  async function runImport({ mailReceipts }: { mailReceipts: boolean }) {
    if (!file || !preview) return;
    setProblem(null);
    try {
      const done = await importCall.mutateAsync({
        fileName: file.name,
        text: file.text,
        mapping: preview.mapping,
        method: preview.method,
        mailReceipts,
      });
      setResult(done);
      setPreview(null);
      setFile(null);
      toast({
        title: 'Gifts Imported',
        description: `${plural(done.imported, 'gift', 'gifts')} recorded, ${done.skipped} skipped.`,
      });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setProblem(
        error instanceof Error ? error.message : 'Nothing was imported. Please try again.',
      );
    }
  }

  const errorCount = preview?.counts.error ?? 0;
  const toImport = preview ? preview.counts['new-donor'] + preview.counts['known-donor'] : 0;

  return (
    <section
      aria-labelledby="gift-import-heading"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h3 id="gift-import-heading" className="font-display text-xl font-semibold text-navy-950">
          Import a file of gifts
        </h3>
        <p className="mt-1 max-w-2xl text-stone-700">
          A CSV with a header row, as Excel, a bank or a fund saves it (at most 1 MB and 2,000
          gifts). Nothing is recorded until you import, and then all of it or nothing: a gift
          already recorded is skipped.
        </p>
      </div>
      <div
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        className="rounded-lg border-2 border-dashed border-stone-400 p-4"
      >
        <FileField
          label="CSV file of gifts"
          name="file"
          accept=".csv,text/csv"
          hint="Choose the file, or drop it here."
          onFile={(chosen) => void choose(chosen)}
        />
      </div>
      <div role="status" className="text-stone-800">
        {previewCall.isPending ? 'Reading the file…' : null}
        {importCall.isPending ? 'Importing…' : null}
        {result
          ? `Imported ${plural(result.imported, 'gift', 'gifts')}; ${result.skipped} skipped as already recorded.${result.mailed > 0 ? ` ${plural(result.mailed, 'receipt', 'receipts')} will be mailed.` : ''}${result.receiptNumbers.length > 0 ? ` Receipts ${result.receiptNumbers[0]} to ${result.receiptNumbers.at(-1)}.` : ''}`
          : null}
      </div>
      <ProblemAlert message={problem} />
      {file && preview ? (
        <>
          <MappingFields
            headers={preview.headers}
            mapping={preview.mapping}
            method={preview.method}
            errors={errors}
            onChange={(mapping, method) => void runPreview(file, mapping, method)}
          />
          <PreviewTable preview={preview} />
          <form
            {...form.formProps}
            onSubmit={form.submitWith(runImport)}
            aria-label="Import the file's gifts"
            className="flex flex-col gap-4"
          >
            <CheckboxField
              label="Mail receipts to the donors with an email (leave it off when they were receipted already)."
              {...form.field('mailReceipts')}
            />
            {errorCount > 0 ? (
              <p className="text-red-900">
                {plural(errorCount, 'row has a problem', 'rows have problems')}: correct the file
                and choose it again. Nothing is imported while a row is in error.
              </p>
            ) : null}
            <Button
              type="submit"
              className="self-start"
              disabled={busy || stale || errorCount > 0 || toImport === 0}
            >
              {importCall.isPending
                ? 'Importing...'
                : `Import ${plural(toImport, 'gift', 'gifts')}`}
            </Button>
          </form>
        </>
      ) : null}
    </section>
  );
}
