export async function runMankowska(): Promise<boolean> {
  return true;
}
