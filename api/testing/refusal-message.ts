/**
 * TEST HELPER: the French message of a refusal, as the tests that walk every route read it: the `message` of the
 * JSON answer, or the title of a French page in the site's layout (« Aperçu » refuses with one:
 * api/modules/articles/preview-failure.ts). Undefined when the answer says nothing a person could read.
 */
export function refusalMessage(res: Response, text: string): unknown {
  try {
    return JSON.parse(text)?.message;
  } catch {
    const page = res.headers.get("content-type")?.startsWith("text/html") && /<html[^>]*lang="fr"/.test(text);
    return page ? /<title>([^<]*)<\/title>/.exec(text)?.[1] : undefined;
  }
}
