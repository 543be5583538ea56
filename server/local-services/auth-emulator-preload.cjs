// Loaded into the Firebase Auth emulator's process (NODE_OPTIONS=--require, auth-emulator.ts).
// The emulator serves its REST API through exegesis, which by default compiles a
// JSON-schema validator for every parameter, request and response of the whole
// API before it answers anything, each with its own Ajv (and Ajv's meta-schema
// compiled again for each): about 12 s of CPU per start, 80 % of it there.
// exegesis's own option lazyCompileValidationSchemas compiles each validator on
// its first use instead: the same validation of every request and response,
// paid only for the endpoints used. firebase-tools does not pass the option, so
// its default is changed here.
'use strict';
const path = require('node:path');

const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
const compileOptions = options.compileOptions;
options.compileOptions = (given) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
