// Vitest 5 targets Node 22 and uses Map.groupBy when it reports failures; Node 20 lacks it,
// which turned a failing test into a reporter crash that hid the failure. Loaded with --import.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = (items, key) => {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      if (!map.has(k)) map.set(k, []);
      map.get(k).push(item);
    }
    return map;
  };
}
if (typeof Object.groupBy !== "function") {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key));
}
