/** One name as the Rabbi reads it, with a line of detail beneath (and one for the screen only). */
export interface PrintName {
  id: string;
  /** The line read aloud; Hebrew unless `lineIsHebrew` is false. */
  line: string;
  lineIsHebrew?: boolean;
  detail: string;
  /** Who gave it: the office's screen, never the printed page. */
  screenDetail?: string;
}

export interface PrintGroup {
  id: string;
  label: string;
  names: PrintName[];
}

const listClass = 'mt-2 flex flex-col gap-2 print:block';

/**
 * Names grouped under headings, printable on one or two pages in three columns: the weekly
 * prayer list's and a campaign day's dedications, read at the tziyun.
 */
export function PrintNameGroups({ groups, idPrefix }: { groups: PrintGroup[]; idPrefix: string }) {
  return (
    <div className="columns-1 gap-8 md:columns-2 print:columns-3 print:gap-5">
      {groups.map((group) => {
        const headingId = `${idPrefix}-${group.id}`;
        const [first, ...rest] = group.names;
        return (
          <section key={group.id} aria-labelledby={headingId} className="mb-6 print:mb-2">
            {/*
             * The heading and the first name in one box no column or page may cut, so a
             * heading never ends a column with its names in the next: break-after: avoid on
             * the heading alone is a hint several browsers ignore in columns.
             */}
            <div className="break-inside-avoid">
              <h3
                id={headingId}
                className="text-lg font-semibold text-navy-950 print:border-b print:border-stone-400 print:text-[11pt]/[1.3]"
              >
                {group.label} ({group.names.length})
              </h3>
              {first ? (
                <ol aria-labelledby={headingId} className={`${listClass} print:mt-0.5`}>
                  <NameItem name={first} />
                </ol>
              ) : null}
            </div>
            {rest.length > 0 ? (
              <ol aria-labelledby={headingId} start={2} className={`${listClass} print:mt-0`}>
                {rest.map((name) => (
                  <NameItem key={name.id} name={name} />
                ))}
              </ol>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

function NameItem({ name }: { name: PrintName }) {
  const hebrew = name.lineIsHebrew ?? true;
  return (
    <li className="break-inside-avoid print:mb-[1pt] print:leading-tight">
      <span
        lang={hebrew ? 'he' : undefined}
        dir={hebrew ? 'rtl' : undefined}
        className="block text-lg font-semibold text-stone-950 print:text-[11pt]/[1.2]"
      >
        {name.line}
      </span>
      <span className="block text-sm text-stone-700 print:text-[7pt]/[1.15]">
        {name.detail}
        {name.screenDetail ? <span className="print:hidden"> · {name.screenDetail}</span> : null}
      </span>
    </li>
  );
}
