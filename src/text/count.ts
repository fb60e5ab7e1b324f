// Numbers as the status line writes them.

/**
 * Thousands with commas, as en-US writes them (1,204). Not toLocaleString,
 * whose first call loads ICU's number data (about 60 ms).
 */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
