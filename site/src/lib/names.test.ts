import { describe, expect, it } from 'vitest';
import { elide } from './format';
import { shownName } from './names';

// A person's name after « de », elided by the shared rule (elide, twin of company.Elide).
describe('de before a name', () => {
  it.each([
    ['Bob', 'de Bob'],
    ['Alice', 'd’Alice'],
    ['Hélène', 'd’Hélène'],
    ['Hugo', 'd’Hugo'],
    ['Émile', 'd’Émile'],
    ['Yves', 'd’Yves'],
    ['Yannick', 'de Yannick'],
    ['Ophélie Martin', 'd’Ophélie Martin'],
    ['léa@exemple.fr', 'de léa@exemple.fr'],
    ['alain@exemple.fr', 'd’alain@exemple.fr'],
    ['2 Roues SARL', 'de 2 Roues SARL'],
  ])('de %s is « %s »', (name, want) => expect(elide('de', name)).toBe(want));
});

describe('shownName', () => {
  it.each([
    ['Alice Martin', 'alice@exemple.fr', 'Alice Martin'],
    ['x', 'x@exemple.fr', 'x@exemple.fr'],
    ['marie.durand', 'marie.durand@exemple.fr', 'marie.durand@exemple.fr'],
    ['', 'x@exemple.fr', 'x@exemple.fr'],
    ['  ', 'x@exemple.fr', 'x@exemple.fr'],
    [undefined, 'x@exemple.fr', 'x@exemple.fr'],
    ['X', 'x@exemple.fr', 'X'],
  ])('shownName(%j, %s) is %s', (name, email, want) => expect(shownName(name, email)).toBe(want));
});
