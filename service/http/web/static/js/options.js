// A game's options as a form, generated from the JSON Schema the catalogue gives (GET /v1/game-types), in the
// page's language: each option's `title` and `description`, an enum's values by its `x-enum-titles`.

import { t } from './i18n.js';
import { h } from './ui.js';

/** Form fields for every property of `schema` (each named option-<key>); empty for a game without options. */
export function optionFields(schema) {
  return Object.entries(schema?.properties || {}).map(([key, property]) => field(key, property));
}

/** The options object the fields inside `form` hold: only the options given a value other than the default
 * (a default is the server's to apply, and some options are refused where they do not apply). */
export function readOptions(form, schema) {
  const options = {};
  for (const [key, property] of Object.entries(schema?.properties || {})) {
    const inputs = [...form.querySelectorAll(`[name="option-${key}"]`)];
    const value = property.type === 'array' ? arrayValue(inputs, property) : scalarValue(inputs[0], property);
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(property.default)) options[key] = value;
  }
  return options;
}

function field(key, property) {
  const id = `option-${key}`;
  const hint = property.description ? h('small', { id: `${id}-hint`, class: 'hint' }, property.description) : null;
  const described = hint ? `${id}-hint` : null;
  const title = property.title ?? humanize(key);
  if (property.type === 'array') {
    const count = property.maxItems ?? property.minItems ?? 1;
    const items = { ...property.items, 'x-enum-titles': property['x-enum-titles'] };
    return h('fieldset', { class: 'option', dataset: { option: key } }, h('legend', {}, title),
      Array.from({ length: count }, (_, i) => choice(key, items, null, `${title} ${i + 1}`, described)),
      hint);
  }
  return h('div', { class: 'option', dataset: { option: key } },
    h('label', { for: id }, title), input(key, property, described), hint);
}

function input(key, property, described) {
  const id = `option-${key}`;
  if (property.enum) return choice(key, property, property.default, null, described, id);
  if (types(property).includes('boolean')) {
    return h('input', { id, name: id, type: 'checkbox', checked: !!property.default, 'aria-describedby': described });
  }
  if (types(property).some((t) => t === 'integer' || t === 'number')) {
    return h('input', {
      id, name: id, type: 'number', inputmode: 'numeric', 'aria-describedby': described,
      min: property.minimum ?? null, max: property.maximum ?? null,
      step: types(property).includes('integer') ? '1' : 'any',
      value: property.default ?? null,
      // A nullable number left empty is the default (null): "any".
      placeholder: types(property).includes('null') ? t('options.any') : null,
    });
  }
  return h('input', { id, name: id, type: 'text', value: property.default ?? null, 'aria-describedby': described });
}

function choice(key, property, selected, label, described, id = null) {
  const blank = selected === null || selected === undefined;
  return h('select', { id, name: `option-${key}`, 'aria-label': label, 'aria-describedby': described },
    blank ? h('option', { value: '' }, '—') : null,
    property.enum.map((value) => h('option', { value: String(value), selected: value === selected },
      property['x-enum-titles']?.[String(value)] ?? humanize(String(value)))));
}

function scalarValue(el, property) {
  if (!el) return undefined;
  if (el.type === 'checkbox') return el.checked;
  if (el.value === '') return undefined;
  if (el.type === 'number') return Number(el.value);
  // An enum's values keep their JSON type (a number's option value is its text).
  return property.enum?.find((value) => String(value) === el.value) ?? el.value;
}

function arrayValue(inputs, property) {
  const values = inputs.map((el) => scalarValue(el, property.items));
  // A list is sent only when complete; a partial one would only earn a 422.
  return values.every((value) => value !== undefined) ? values : undefined;
}

function types(property) {
  return [].concat(property.type || []);
}

/** "bone_target" -> "Bone target": an option's name where the server gives no title. */
function humanize(key) {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
