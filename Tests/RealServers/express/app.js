// Express 4 + ajv 6 (Debian's node-express and node-ajv), stock: a JSON Schema compiled by ajv
// with allErrors, `res.status(422).json({ errors: validate.errors })`. Checks JSON Schema cannot
// say are ajv custom keywords (their errors are ajv error objects like the rest); a refusal that
// belongs to no field is a plain Express answer. Run: node app.js PORT
'use strict';
const express = require('express');
const Ajv = require('ajv');

const TAKEN_USERNAMES = new Set(['admin']);
const BLOCKED_USERNAMES = new Set(['blocked']);

const ajv = new Ajv({ allErrors: true });

// `unique: true` on a string: the value is not already taken.
ajv.addKeyword('unique', {
  type: 'string',
  errors: true,
  validate: function unique(schema, data) {
    if (!schema || !TAKEN_USERNAMES.has(data)) return true;
    unique.errors = [{ keyword: 'unique', message: 'is already taken', params: {} }];
    return false;
  },
});

// `password_matches_username: false` on the object: password and username differ.
ajv.addKeyword('password_matches_username', {
  type: 'object',
  errors: true,
  validate: function passwordMatchesUsername(schema, data) {
    if (schema || data.password === undefined || data.password !== data.username) return true;
    passwordMatchesUsername.errors = [{
      keyword: 'password_matches_username', message: 'password must not equal username', params: {},
    }];
    return false;
  },
});

const validate = ajv.compile({
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 3, maxLength: 20, unique: true },
    email: { type: 'string', format: 'email' },
    password: { type: 'string', minLength: 8 },
    age: { type: 'integer', minimum: 13, maximum: 120 },
  },
  required: ['username', 'email', 'password'],
  password_matches_username: false,
});

// The receipt endpoint (issue 11): a list of line items, each checked on its own.
const KNOWN_SKUS = new Set(['ABC-1', 'ABC-2', 'BULK-10']);

// `known_sku: true` on a string: the SKU is one the shop sells.
ajv.addKeyword('known_sku', {
  type: 'string',
  errors: true,
  validate: function knownSku(schema, data) {
    if (!schema || KNOWN_SKUS.has(data)) return true;
    knownSku.errors = [{ keyword: 'known_sku', message: 'is not a known SKU', params: {} }];
    return false;
  },
});

// `bulk_in_tens: true` on a line: a BULK- SKU's quantity is a multiple of ten.
ajv.addKeyword('bulk_in_tens', {
  type: 'object',
  errors: true,
  validate: function bulkInTens(schema, data) {
    if (!schema || typeof data.sku !== 'string' || !data.sku.startsWith('BULK-') || data.qty % 10 === 0) return true;
    bulkInTens.errors = [{ keyword: 'bulk_in_tens', message: 'bulk SKUs ship in tens', params: {} }];
    return false;
  },
});

const validateReceipt = ajv.compile({
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', minLength: 1, maxLength: 20, known_sku: true },
          qty: { type: 'integer', minimum: 1, maximum: 100 },
        },
        required: ['sku', 'qty'],
        bulk_in_tens: true,
      },
    },
  },
  required: ['lines'],
});

const app = express();
app.use(express.json());

let nextId = 1;
app.post('/api/signup', (req, res) => {
  if (!validate(req.body)) {
    return res.status(422).json({ errors: validate.errors });
  }
  if (BLOCKED_USERNAMES.has(req.body.username)) {
    return res.status(400).json({ error: 'Sign-ups from this account are closed' });
  }
  res.status(201).json({ id: nextId++ });
});

let nextReceiptId = 1;
app.post('/api/receipt', (req, res) => {
  if (!validateReceipt(req.body)) {
    return res.status(422).json({ errors: validateReceipt.errors });
  }
  res.status(201).json({ id: nextReceiptId++ });
});

// Server checks (issue 30, docs/checks.md): what a form asks on Enter, the Express way. The
// username is validated by an ajv schema with the same `unique` keyword, so a taken one gets
// the same 422 `{ errors: [ajv error objects] }`; an unknown SKU is a plain 404 like the
// blocked refusal above; the docks are a list of strings. SLOW-1 answers after about a second.
const CHECK_TAKEN = new Set(['admin', 'root']);
ajv.addKeyword('available', {
  type: 'string',
  errors: true,
  validate: function available(schema, data) {
    if (!schema || !CHECK_TAKEN.has(data.toLowerCase())) return true;
    available.errors = [{ keyword: 'available', message: 'is already taken', params: {} }];
    return false;
  },
});
const validateUsername = ajv.compile({
  type: 'object',
  properties: { username: { type: 'string', minLength: 3, maxLength: 20, available: true } },
  required: ['username'],
});
const SKUS = {
  'ABC-1': { name: 'Widget, blue, 12-pack', price: '12.50' },
  'ABC-2': { name: 'Widget, red, 6-pack', price: '7.25' },
  'SLOW-1': { name: 'Slow widget', price: '3.00' },
};
const DOCKS = { Oslo: ['OSL-A', 'OSL-B', 'OSL-C'], Bergen: ['BGO-1', 'BGO-2'] };

app.get('/api/usernames/:username', (req, res) => {
  if (!validateUsername({ username: req.params.username })) {
    return res.status(422).json({ errors: validateUsername.errors });
  }
  res.json({ username: req.params.username, available: true });
});

app.get('/api/skus/:sku', (req, res) => {
  const known = Object.prototype.hasOwnProperty.call(SKUS, req.params.sku) ? SKUS[req.params.sku] : undefined;
  if (!known) return res.status(404).json({ error: 'Unknown SKU' });
  const answer = () => res.json({ sku: req.params.sku, name: known.name, price: known.price });
  if (req.params.sku === 'SLOW-1') return setTimeout(answer, 1000);
  answer();
});

app.get('/api/docks', (req, res) => {
  const warehouse = String(req.query.warehouse || '');
  if (!Object.prototype.hasOwnProperty.call(DOCKS, warehouse)) return res.status(404).json({ error: 'Unknown warehouse' });
  res.json(DOCKS[warehouse]);
});

let nextOrderId = 1;
app.post('/api/orders', (req, res) => {
  res.status(201).json({ id: nextOrderId++ });
});

const port = Number(process.argv[2]);
app.listen(port, '127.0.0.1');
