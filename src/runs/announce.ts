/**
 * How the runs layer tells a person something (the embedded Redis, the emulator warning, a resume hint)
 * without knowing where it goes: the terminal or the JSON log is the command's choice (cli-ui/notices.ts).
 */
export type NoticeLevel = 'info' | 'warn';
export type Announce = (message: string, level?: NoticeLevel) => void;
