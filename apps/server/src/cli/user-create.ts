import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { PASSWORD_MIN_LENGTH, RegisterInputSchema, ROLES, type Role } from "@broadsheet/domain";
import { openMigratedDatabase } from "../boot";
import { loadConfig } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../logger";
import { createServices } from "../services";

/*
 * `npm run user:create -- --email a@b.c --name "Ada" --role admin [--password …]`
 * Creates an account, or sets the role (and the password, if given) of an existing one,
 * on the database the server is configured with.
 */
const USAGE =
  'Usage: npm run user:create -- --email <email> [--name "<name>"] [--role user|editor|admin] [--password <password>]';

function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`--password is required when not run from a terminal.\n${USAGE}`);
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  return new Promise((resolve) => {
    process.stdout.write("Password: ");
    // Echo nothing while the password is typed.
    (prompt as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
    prompt.question("", (answer) => {
      prompt.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "user" },
      password: { type: "string" },
    },
  });
  if (!values.email) throw new Error(USAGE);
  if (!ROLES.includes(values.role as Role)) throw new Error(`--role must be one of ${ROLES.join(", ")}`);
  const role = values.role as Role;

  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: "warn" });
  const database = await openMigratedDatabase(config, logger);
  const services = createServices({ config, database, logger });
  try {
    const existing = await services.users.findByEmail(values.email);
    if (existing) {
      await services.users.updateRole(existing.id, role);
      if (values.password) {
        if (values.password.length < PASSWORD_MIN_LENGTH) throw new Error("Password must be at least 6 characters");
        await services.users.setPassword(existing.id, values.password);
      }
      console.log(`Updated ${existing.email}: role ${role}${values.password ? ", new password" : ""}.`);
      return;
    }
    const password = values.password ?? (await askPassword());
    const input = RegisterInputSchema.safeParse({
      name: values.name ?? values.email.split("@")[0],
      email: values.email,
      password,
    });
    if (!input.success) throw new Error(input.error.issues[0]?.message ?? "Invalid input");
    const user = await services.users.register(input.data, role);
    console.log(`Created ${user.email} with role ${user.role} (database: ${database.kind}).`);
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exit(1);
});
