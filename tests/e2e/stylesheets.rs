//! The stylesheets as shipped: the release build minifies them (crates/xtask/src/css.rs), so each one the site serves
//! must have exactly the rules of its source in style/, as the browser reads them.

use crate::harness::BrowserTest;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The sources in the order index.html inlines them (`<link data-trunk rel="inline" href="style/….css">`).
fn inlined_sources(index: &str) -> Vec<String> {
    index
        .lines()
        .filter(|l| l.contains("rel=\"inline\"") && l.contains(".css"))
        .filter_map(|l| l.split("href=\"").nth(1)?.split('"').next().map(str::to_string))
        .collect()
}

#[test]
fn every_shipped_sheet_reads_as_its_source() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let inlined = inlined_sources(&read("index.html"));
    assert_eq!(inlined, ["style/main.css", "style/roll.css", "style/pwa.css"], "index.html's inlined sheets");
    let sources: Vec<Value> = std::fs::read_dir(root.join("style"))
        .expect("style/")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".css"))
        .map(|n| json!([format!("style/{n}"), read(&format!("style/{n}"))]))
        .collect();
    BrowserTest::new().run(|page| async move {
        page.open("#/roll").await;
        page.wait_for("#roll-button").await;
        // Each shipped sheet (index.html's <style>s, then each screen's file) against its source, rule by rule as
        // CSSOM serialises them. A value with var() keeps its own spacing, so the spaces around commas are set
        // aside; every other difference is reported.
        let report = page
            .js(
                r#"const [inlined, sources] = arguments;
                const source = new Map(sources);
                const rules = (text) => {
                  const sheet = new CSSStyleSheet();
                  sheet.replaceSync(text);
                  return [...sheet.cssRules].map((r) => r.cssText.replace(/\s*,\s*/g, ','));
                };
                return (async () => {
                  const html = await (await fetch('./index.html', { cache: 'no-store' })).text();
                  const doc = new DOMParser().parseFromString(html, 'text/html');
                  const shipped = [...doc.querySelectorAll('head > style')].map((s, i) => [inlined[i], s.textContent]);
                  for (const link of doc.querySelector('template#screen-sheets').content.querySelectorAll('link')) {
                    const text = await (await fetch(link.getAttribute('href'))).text();
                    shipped.push(['style/' + link.dataset.sheet + '.css', text]);
                  }
                  const out = [];
                  for (const [name, text] of shipped) {
                    if (!source.has(name)) { out.push(name + ': no source'); continue; }
                    const [a, b] = [rules(source.get(name)), rules(text)];
                    const i = a.findIndex((r, i) => r !== b[i]);
                    out.push(a.length === b.length && i < 0
                      ? name + ': ' + a.length + ' rules, ' + text.length + ' of ' + source.get(name).length + ' bytes'
                      : name + ': differs at rule ' + i + ':\n  source  ' + a[i] + '\n  shipped ' + b[i]);
                  }
                  return out;
                })();"#,
                vec![json!(inlined), json!(sources)],
            )
            .await;
        let lines: Vec<String> =
            report.as_array().expect("a list").iter().map(|l| l.as_str().unwrap_or_default().to_string()).collect();
        assert_eq!(lines.len(), sources.len(), "every source ships once: {lines:#?}");
        for line in &lines {
            let (name, rest) = line.split_once(": ").expect("name: result");
            let (count, size) = rest.split_once(" rules, ").unwrap_or_else(|| panic!("{line}"));
            assert!(count.parse::<usize>().is_ok_and(|n| n > 0), "{line}");
            // Minified: smaller than its source.
            let (shipped, source) = size.trim_end_matches(" bytes").split_once(" of ").expect("sizes");
            assert!(
                shipped.parse::<usize>().unwrap() < source.parse::<usize>().unwrap(),
                "{name} not minified: {line}"
            );
        }
    });
}
