import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATALOG_VERSION, catalogs } from './index';

// SPEC 1: clients cache the remote catalogue by its version. A text added or changed under the same
// version stays missing or old in every browser that cached that version: a payer reads a bare key.
// Changing a text: bump CATALOG_VERSION and put the new fingerprint here (the failure prints it).
const FINGERPRINT_OF_VERSION: Readonly<Record<number, string>> = {
  27: 'f4b07fa59bb2b914',
  28: 'cd0f857c7c32d5ca',
  29: '1a195aecccae656a',
  30: 'c4fbb4a23a618ba3',
  31: 'e4591be6b648dc2e',
  32: '60352e837b8756e1',
  33: '988fe3786e469623',
  34: '252027d006656ed2',
  35: 'ff384231252bb45f',
  36: '17d0709f62023ff0',
  37: '28a029d5da8bb569',
  38: '1c705e2b0d6672a0',
  39: 'b8584395c5115083',
  40: '24c9c76253a24339',
  41: '717bd8913cfc2055',
  42: '73a8dd658f1b1309',
  43: '6f6453002a55066d',
  44: 'dac1003eebd3ae31',
  45: 'aea7bd681df58801',
  46: '147dbbfe29ec5c01',
  47: 'cfd9c9f4fd368275',
  48: '88de77546bd19d5d',
  49: '78bff9402b6adc4e',
  50: 'c41fbd914c2dbc99',
  51: '1ef94767cb9e787d',
  52: '9c7dabd96ec509f4',
  53: 'a84e451db8d04cdf',
  54: '25b1bf593698f064',
  55: '8ec595a00819a9e0',
  56: '1b6af548bf3dd5c0',
  57: '0e692ab5008dceb3',
  58: 'd087a09cceed5496',
  59: '179c4862a7c6fa91',
  60: 'bc84689b4c4d847a',
  61: 'c16aa3e19255017a',
  62: '6f5d576dc2092bb2',
  63: '6a6d7bf8827be747',
  64: '13e9b1081ba42019',
  65: '499d3b473af0e1b8',
  66: '95e30f7ff4cca2b4',
  67: '809976af7f2615f5',
  68: '1bbceaf52e3a6e0d',
  69: '5802671e0ddd2eaa',
  70: '7aa7ed40a8dd18d0',
  71: '49f48a229e30aac8',
  72: '1bab70bca8fe4052',
  73: 'e64d4727edf2a136',
  74: '4baf56c63c37c9c3',
  75: '8eecc720fe39be97',
};

describe('the catalogue version (SPEC 1 "cached by version")', () => {
  it('names these texts: a change of text comes with a new version', () => {
    const fingerprint = createHash('sha256').update(JSON.stringify(catalogs)).digest('hex').slice(0, 16);
    expect({ version: CATALOG_VERSION, fingerprint }).toEqual({ version: CATALOG_VERSION, fingerprint: FINGERPRINT_OF_VERSION[CATALOG_VERSION] });
  });
});
