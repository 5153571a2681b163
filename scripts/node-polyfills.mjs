// Only for commands that still pass `--import=./scripts/node-polyfills.mjs`: the project runs on
// Node 22 now (scripts/ensure-node.sh), which has Map.groupBy and Object.groupBy, so this does
// nothing there. On Node 20 vitest 5's failure reporter crashed without them. Delete once nothing
// refers to it.
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
