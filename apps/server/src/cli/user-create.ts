import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { PASSWORD_MIN_LENGTH, RegisterInputSchema, ROLES, type Role } from "@broadsheet/domain";
import { runCommand, withServices } from "./command";

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
  const { email } = values;
  if (!email) throw new Error(USAGE);
  if (!ROLES.includes(values.role as Role)) throw new Error(`--role must be one of ${ROLES.join(", ")}`);
  const role = values.role as Role;

  await withServices(async (services, database) => {
    const existing = await services.users.findByEmail(email);
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
      name: values.name ?? email.split("@")[0],
      email,
      password,
    });
    if (!input.success) throw new Error(input.error.issues[0]?.message ?? "Invalid input");
    const user = await services.users.register(input.data, role);
    console.log(`Created ${user.email} with role ${user.role} (database: ${database.kind}).`);
  });
}

runCommand(main);
