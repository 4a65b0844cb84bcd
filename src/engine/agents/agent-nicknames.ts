// The names Codex 0.169 gives spawned agents (`agent_nickname` in a child's session_meta and the
// app-server's thread views), in Codex's order: a child gets one no live member of its team has.
// Data read from the 0.169 binary, not text the model is shown.

export const AGENT_NICKNAMES: readonly string[] = ['Euclid', 'Archimedes', 'Ptolemy', 'Hypatia', 'Avicenna', 'Averroes', 'Aquinas', 'Copernicus', 'Kepler', 'Galileo', 'Bacon', 'Descartes', 'Pascal', 'Fermat', 'Huygens', 'Leibniz', 'Newton', 'Halley', 'Euler', 'Lagrange', 'Laplace', 'Volta', 'Gauss', 'Ampere', 'Faraday', 'Darwin', 'Lovelace', 'Boole', 'Pasteur', 'Maxwell', 'Mendel', 'Curie', 'Planck', 'Tesla', 'Poincare', 'Noether', 'Hilbert', 'Einstein', 'Raman', 'Bohr', 'Turing', 'Hubble', 'Feynman', 'Franklin', 'McClintock', 'Meitner', 'Herschel', 'Linnaeus', 'Wegener', 'Chandrasekhar', 'Sagan', 'Goodall', 'Carson', 'Carver', 'Socrates', 'Plato', 'Aristotle', 'Epicurus', 'Cicero', 'Confucius', 'Mencius', 'Zeno', 'Locke', 'Hume', 'Kant', 'Hegel', 'Kierkegaard', 'Mill', 'Nietzsche', 'Peirce', 'James', 'Dewey', 'Russell', 'Popper', 'Sartre', 'Beauvoir', 'Arendt', 'Rawls', 'Singer', 'Anscombe', 'Parfit', 'Kuhn', 'Boyle', 'Hooke', 'Harvey', 'Dalton', 'Helmholtz', 'Gibbs', 'Lorentz', 'Schrodinger', 'Heisenberg', 'Pauli', 'Dirac', 'Bernoulli', 'Godel', 'Nash', 'Banach', 'Ramanujan', 'Erdos', 'Jason'];

/** A nickname no name in `taken` has, chosen by `random` (in [0, 1)); a used one when all are taken. */
export function pickNickname(taken: ReadonlySet<string>, random: () => number = Math.random): string {
  const free = AGENT_NICKNAMES.filter((n) => !taken.has(n));
  const from = free.length > 0 ? free : AGENT_NICKNAMES;
  return from[Math.min(from.length - 1, Math.floor(random() * from.length))] as string;
}
