/** What QA pastes into a bug report: a diagram as SVG or PNG, a path or a live session as Markdown. */
import type { EventObject } from 'xstate';

export function svgMarkup(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export async function pngBlob(svg: SVGSVGElement): Promise<Blob> {
  const markup = svgMarkup(svg);
  const image = new Image();
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("L'image du diagramme n'a pas pu être créée."));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = svg.width.baseVal.value * 2;
    canvas.height = svg.height.baseVal.value * 2;
    const context = canvas.getContext('2d');
    if (!context) throw new Error("L'image du diagramme n'a pas pu être créée.");
    context.scale(2, 2);
    context.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("L'image du diagramme n'a pas pu être créée."))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function download(name: string, content: Blob | string, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface StepRecord {
  event: EventObject;
  /** The state value after the event, as JSON. */
  state: string;
}

export function stepsMarkdown(title: string, machineName: string, steps: readonly StepRecord[], initialState: string): string {
  const lines = [
    `### ${title} (\`${machineName}\`)`,
    '',
    `État initial : \`${initialState}\``,
    '',
    '| # | événement | état atteint |',
    '|---|---|---|',
  ];
  steps.forEach((step, index) => {
    lines.push(`| ${index + 1} | \`${JSON.stringify(step.event).replaceAll('|', '\\|')}\` | \`${step.state}\` |`);
  });
  return `${lines.join('\n')}\n`;
}
