// The GraphQL enum Amenity is the one list of common/amenities.ts, in its order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { AMENITIES } from '@opennest/common/amenities';
import { projectRoot } from '../config';

it('the Amenity enum of properties.graphql lists exactly common/amenities.ts', () => {
  const document = parse(readFileSync(path.join(projectRoot, 'server', 'properties', 'properties.graphql'), 'utf8'));
  const amenity = document.definitions.find((definition) => definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'Amenity');
  expect(amenity && 'values' in amenity ? amenity.values?.map((value) => value.name.value) : undefined).toEqual([...AMENITIES]);
});
