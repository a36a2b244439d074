// Whether a concrete URI can be an expansion of a URI template (§10.4.3), and the variables of a template
// (§10.4.6): operators and modifiers do not change a variable's name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchesTemplate, templateVariables } from '../../../../src/validation/json-schema/uri-template.js';

describe('matchesTemplate', () => {
  it('accepts expansions of simple, reserved and query expressions', () => {
    assert.equal(matchesTemplate('chess://games/{game_id}', 'chess://games/example-1234'), true);
    assert.equal(matchesTemplate('data://items/{id}', 'data://items/1'), true);
    assert.equal(matchesTemplate('file:///{+path}', 'file:///src/main.rs'), true);
    assert.equal(
      matchesTemplate(
        'https://api.example.com/items/{id}{?fields}',
        'https://api.example.com/items/7?fields=a,b',
      ),
      true,
    );
    assert.equal(
      matchesTemplate('repo://{owner}/{repository}/issues/{issue}', 'repo://ex/widgets/issues/12'),
      true,
    );
  });

  it('refuses another route, and reserved characters where a simple expression cannot put them', () => {
    assert.equal(matchesTemplate('chess://games/{game_id}', 'chess://players/example-1234'), false);
    assert.equal(matchesTemplate('data://items/{id}', 'data://items/a/b'), false);
    assert.equal(matchesTemplate('data://items/{id}', 'data://things/1'), false);
  });

  it('cannot decide for a template that does not parse, and stays fast on adjacent expressions', {
    timeout: 60_000,
  }, () => {
    assert.equal(matchesTemplate('test://items/{id', 'test://items/1'), null);
    const template = `x://${'{a}'.repeat(40)}!`;
    // 40 adjacent expressions as a backtracking regex would take forever on this input.
    assert.equal(matchesTemplate(template, `x://${'a'.repeat(4000)}`), false);
  });
});

describe('templateVariables', () => {
  it('names variables without their operators and modifiers', () => {
    assert.deepEqual(
      [...templateVariables('repo://{owner,repository}/{+path}{?q*}/{id:3}')!],
      ['owner', 'repository', 'path', 'q', 'id'],
    );
    assert.equal(templateVariables('repo://{owner/{repository}'), null);
  });
});
