/**
 * What the newsletter issue's mail is built from, and the renderer's shape. The mail itself is React
 * components (src/mail/, React Email): server code never imports React, so the renderer is handed to the
 * server by its composition root (src/server.ts) and by the operator commands (decision 017).
 */

/** The subscriber's own one-click unsubscribe address goes where this stands, in both parts. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%PIQUANTE_UNSUBSCRIBE_URL%%';

export interface IssueMailArticle {
  title: string;
  subtitle: string;
  /** Absolute address of the article on the site. */
  url: string;
  categoryName: string;
  /** Absolute address of the image, with its size and alt text; null when the article has none. */
  image: { url: string; alt: string; width: number; height: number } | null;
}

export interface IssueMailInput {
  subject: string;
  preheader: string;
  intro: string;
  articles: IssueMailArticle[];
  /** The newsletter's name (app.config.ts → newsletter types). */
  newsletterName: string;
  siteName: string;
  siteUrl: string;
  /** The public web version of this issue. */
  webVersionUrl: string;
  /** UNSUBSCRIBE_PLACEHOLDER when rendering for a send; a harmless address for a preview. */
  unsubscribeUrl: string;
  /** The postal mention every commercial mail carries (publisher, address). */
  postalAddress: string;
}

export interface RenderedIssueMail {
  html: string;
  text: string;
}

export type IssueMailRenderer = (input: IssueMailInput) => Promise<RenderedIssueMail>;
