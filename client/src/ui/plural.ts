/** '1 review', '3 reviews', '2 properties': the count and the noun in its number. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
