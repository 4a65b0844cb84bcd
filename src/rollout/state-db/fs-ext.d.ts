// The one function of fs-ext weft uses (the package ships no types).
declare module 'fs-ext' {
  export function flockSync(fd: number, flags: 'sh' | 'ex' | 'shnb' | 'exnb' | 'un'): void;
}
