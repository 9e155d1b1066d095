/** Injectable time: tests move a fake clock instead of sleeping. */
export type Clock = () => Date;
