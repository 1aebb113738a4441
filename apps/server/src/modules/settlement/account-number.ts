/** Lists and the company information show an account number's last 4 characters only. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
