/**
 * Payment card numbers, as the browser's card form and the local payment server
 * both check them.
 */

/**
 * The Luhn checksum every card number carries in its last digit: catches a
 * mistyped digit and most swapped neighbours. `digits`: the number, digits only.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
