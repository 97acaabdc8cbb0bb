// Used by TestPropertiesAgainstNode: node testdata/props.js
// Prints, for each property, the ranges of code points that have it.
const props = ["Default_Ignorable_Code_Point", "Extended_Pictographic", "Emoji_Modifier"];
for (const p of props) {
  const re = new RegExp("^\\p{" + p + "}$", "u");
  const out = [];
  let lo = -1;
  for (let c = 0; c <= 0x110000; c++) {
    const has = c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF) && re.test(String.fromCodePoint(c));
    if (has && lo < 0) lo = c;
    if (!has && lo >= 0) { out.push(lo.toString(16) + ".." + (c - 1).toString(16)); lo = -1; }
  }
  console.log(p + ";" + out.join(","));
}
