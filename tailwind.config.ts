import type { Config } from 'tailwindcss';
import { appConfig } from './app.config.ts';

const { md, lg, xl } = appConfig.breakpoints;

export default {
  content: ['./src/**/*.{ts,tsx}'],
  theme: {
    screens: { md: `${md}px`, lg: `${lg}px`, xl: `${xl}px` },
    extend: {
      colors: {
        piment: { DEFAULT: '#c8102e', dark: '#8f0b21', light: '#fde8ec' },
        encre: '#1b1b1f',
        creme: '#fbf7f2',
      },
      fontFamily: {
        display: ['Georgia', 'Cambria', '"Times New Roman"', 'serif'],
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', 'sans-serif'],
      },
    },
  },
} satisfies Config;
