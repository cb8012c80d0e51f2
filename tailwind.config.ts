import type { Config } from 'tailwindcss';
import { appConfig } from './app.config.ts';

const { md, lg, xl } = appConfig.breakpoints;

/**
 * Design tokens. Breakpoints 768 / 1025 / 1600 (SPEC §9). System font stacks: no font file to download,
 * no layout shift when one arrives (no font package is installed in the project to self-host).
 */
export default {
  content: ['./src/**/*.{ts,tsx}'],
  theme: {
    screens: { sm: '480px', md: `${md}px`, lg: `${lg}px`, xl: `${xl}px` },
    extend: {
      colors: {
        piment: { DEFAULT: '#c8102e', dark: '#8f0b21', light: '#fde8ec' },
        encre: '#1b1b1f',
        creme: '#fbf7f2',
        moutarde: '#f5c84c',
      },
      fontFamily: {
        display: [
          '"Iowan Old Style"',
          '"Palatino Linotype"',
          'Palatino',
          '"Book Antiqua"',
          'Georgia',
          '"Liberation Serif"',
          '"DejaVu Serif"',
          'serif',
        ],
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', '"Liberation Sans"', 'Arial', 'sans-serif'],
      },
    },
  },
} satisfies Config;
