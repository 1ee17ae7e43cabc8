// The names a user meets, read from the code with the TypeScript compiler: the server's options, the adapter's
// members, the element's attributes, methods and events, the Model's events and stop reasons. The docs test
// checks that each is written in the doc for it, so an option added to the code and not to its doc fails.
import { join } from 'node:path';
import ts from 'typescript';

export interface PublicNames {
  serverOptions: string[];
  adapterMembers: string[];
  attributes: string[];
  /** Properties set from script only (Lit's `attribute: false`), such as `adapter`. */
  propertyOnly: string[];
  elementMembers: string[];
  events: string[];
  modelEvents: string[];
  stopReasons: string[];
  storeMethods: string[];
}

export function publicNames(root: string): PublicNames {
  const files = {
    server: join(root, 'packages/server/src/index.ts'),
    element: join(root, 'packages/element/src/index.ts'),
    shell: join(root, 'packages/element/src/agent-chat.ts'),
    settings: join(root, 'packages/element/src/element/agent-chat-settings.ts'),
  };
  const program = ts.createProgram(Object.values(files), { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true });
  const checker = program.getTypeChecker();

  const exported = (file: string, name: string): ts.Type => {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((candidate) => candidate.name === name);
    if (!symbol) throw new Error(`${name} is not exported by ${file}`);
    return checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(symbol));
  };
  const properties = (type: ts.Type) => checker.getPropertiesOfType(type).map((property) => property.name);
  const literals = (type: ts.Type) =>
    (type.isUnion() ? type.types : [type]).filter((member) => member.isStringLiteral()).map((member) => (member as ts.StringLiteralType).value);
  const typeTags = (type: ts.Type) =>
    (type.isUnion() ? type.types : [type]).flatMap((member) => {
      const tag = member.getProperty('type');
      return tag ? literals(checker.getTypeOfSymbol(tag)) : [];
    });

  const shell = program.getSourceFile(files.shell)!;
  const agentChat = shell.statements.find((statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === 'AgentChat');
  if (!agentChat) throw new Error('class AgentChat not found in agent-chat.ts');
  // The attributes and properties are declared by the class AgentChat extends.
  const settings = program
    .getSourceFile(files.settings)!
    .statements.find((statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === 'AgentChatSettings');
  if (!settings) throw new Error('class AgentChatSettings not found in element/agent-chat-settings.ts');

  const { attributes, propertyOnly } = litProperties(settings);
  return {
    serverOptions: properties(exported(files.server, 'AgentChatAppOptions')),
    adapterMembers: properties(exported(files.element, 'AgentChatAdapter')),
    attributes,
    propertyOnly,
    elementMembers: publicMembersOf(agentChat),
    events: properties(exported(files.element, 'AgentChatEventMap')),
    modelEvents: typeTags(exported(files.server, 'ModelEvent')),
    stopReasons: literals(exported(files.server, 'ModelStopReason')),
    storeMethods: properties(exported(files.server, 'SessionStore')),
  };
}

/**
 * Lit's `static properties`: each entry's attribute (its `attribute` option, or its name in lower case), or, with
 * `attribute: false`, the property alone; internal state is neither.
 */
function litProperties(element: ts.ClassDeclaration): { attributes: string[]; propertyOnly: string[] } {
  const declaration = element.members.find(
    (member): member is ts.PropertyDeclaration => ts.isPropertyDeclaration(member) && member.name.getText() === 'properties',
  );
  const literal = declaration?.initializer;
  if (!literal || !ts.isObjectLiteralExpression(literal)) throw new Error(`${element.name?.text} has no static properties object`);
  const attributes: string[] = [];
  const propertyOnly: string[] = [];
  for (const entry of literal.properties) {
    if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) continue;
    const declared = entry.initializer;
    const option = (name: string) =>
      declared.properties.find((candidate): candidate is ts.PropertyAssignment => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name)
        ?.initializer;
    if (option('state')?.kind === ts.SyntaxKind.TrueKeyword) continue;
    const attribute = option('attribute');
    if (attribute?.kind === ts.SyntaxKind.FalseKeyword) propertyOnly.push(entry.name.getText());
    else attributes.push(attribute && ts.isStringLiteral(attribute) ? attribute.text : entry.name.getText().toLowerCase());
  }
  return { attributes, propertyOnly };
}

/** Public methods and getters a page calls: not static, not private or protected, not `#private`, not Lit's overrides. */
function publicMembersOf(element: ts.ClassDeclaration): string[] {
  const names: string[] = [];
  for (const member of element.members) {
    if (!(ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member)) || !member.name || ts.isPrivateIdentifier(member.name)) continue;
    const flags = ts.getCombinedModifierFlags(member);
    if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static | ts.ModifierFlags.Override)) continue;
    names.push(member.name.getText());
  }
  return names;
}
