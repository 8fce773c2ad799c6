export const root: string;
export const stampFile: string;
export function buildIsStale(): boolean;
