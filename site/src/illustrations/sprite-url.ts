/** The URL of the illustrations' sprite, the one file of every drawing (made by vite.config.ts from sprite.ts). */
export const spriteUrl = '/illustrations.svg';
