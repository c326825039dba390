/** The bench scripts' command line. */

/** `--name value` or `--name=value` from the command line (`argv`: the arguments after the script). */
export function flag(name: string, argv: readonly string[] = process.argv.slice(2)): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
