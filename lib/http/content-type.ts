/**
 * Whether a request body declared with this Content-Type may be read as JSON: none declared (a
 * client that names no type), application/json or any +json type. A form, text or anything else
 * is refused with 415 rather than read as JSON.
 */
export function takesJson(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
