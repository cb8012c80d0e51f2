/** Images per page of the media library. */
export const MEDIA_PAGE = 48;
