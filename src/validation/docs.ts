// Where each rule's documentation page lives. docs/rules/<id>.md is generated from the rule modules.
export const DOCS_BASE_URL = 'https://github.com/mcpdesc-validate/mcpdesc-validate/blob/main/docs/rules/';

export function docsUrl(ruleId: string): string {
  return `${DOCS_BASE_URL}${ruleId}.md`;
}
