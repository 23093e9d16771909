//! The stylesheets of the lazily loaded screens. index.html lists them inside `<template id="screen-sheets">` as
//! `<link rel="stylesheet" data-sheet="tray" href="style/tray.css">`: a template's content is inert, so the first
//! load fetches none of them (only main, roll and pwa are inlined). This step copies each listed file into the site
//! under a content-hashed name (a changed sheet is a new URL, so no cache serves an old one) and points its link
//! there with its Subresource Integrity. The app (src/widgets/sheets.rs) clones a screen's link into `<head>` the
//! first time the screen opens. The Content-Security-Policy's `style-src 'self'` allows them; the service worker
//! precaches them with every other file.

use crate::css;
use crate::digest::{content_name, integrity};
use eyre::{bail, eyre, Result, WrapErr};
use lol_html::{element, rewrite_str, RewriteStrSettings};
use std::cell::RefCell;
use std::path::Path;

/// What the links are found by.
const SELECTOR: &str = "template#screen-sheets link[data-sheet]";

/// A sheet as staged: its name in `data-sheet`, its file name in the site, its bytes.
#[derive(Debug, PartialEq)]
pub struct Sheet {
    pub name: String,
    pub file: String,
    pub bytes: Vec<u8>,
}

/// `page` with each listed sheet's link pointing at its content-hashed copy, and the copies to write into the site,
/// minified when `minify` (release builds). `source` is the folder the links' `href`s are relative to (index.html's);
/// `base` is the site's URL prefix.
pub fn stage(page: &str, source: &Path, base: &str, minify: bool) -> Result<(String, Vec<Sheet>)> {
    let sheets: RefCell<Vec<Sheet>> = RefCell::default();
    let failure: RefCell<Option<eyre::Report>> = RefCell::default();
    let settings = RewriteStrSettings::new().append_element_content_handler(element!(SELECTOR, |el| {
        let name = el.get_attribute("data-sheet").unwrap_or_default();
        let Some(href) = el.get_attribute("href").filter(|h| h.ends_with(".css")) else {
            failure.borrow_mut().get_or_insert_with(|| eyre!("the screen sheet {name:?} has no href to a .css file"));
            return Ok(());
        };
        let path = source.join(&href);
        let read = std::fs::read_to_string(&path)
            .wrap_err_with(|| format!("read the screen sheet {name:?} ({})", path.display()))
            .and_then(|text| if minify { css::minify(&text, &href) } else { Ok(text) });
        match read {
            Ok(text) => {
                let bytes = text.into_bytes();
                let plain = href.rsplit('/').next().unwrap_or(&href);
                let file = content_name(plain, &bytes);
                el.set_attribute("href", &format!("{base}{file}"))?;
                el.set_attribute("integrity", &integrity(&bytes))?;
                sheets.borrow_mut().push(Sheet { name, file, bytes });
            }
            Err(e) => {
                failure.borrow_mut().get_or_insert(e);
            }
        }
        Ok(())
    }));
    let out = rewrite_str(page, settings).map_err(|e| eyre!("index.html: {e}"))?;
    if let Some(e) = failure.into_inner() {
        return Err(e);
    }
    let sheets = sheets.into_inner();
    for (i, sheet) in sheets.iter().enumerate() {
        if sheet.name.is_empty() || sheets[..i].iter().any(|s| s.name == sheet.name) {
            bail!("index.html's screen sheets need distinct, non-empty data-sheet names, found {:?}", sheet.name);
        }
    }
    Ok((out, sheets))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own for each test (each gives a different number of files).
    fn folder(files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dicetray-xtask-sheets-{}-{}", std::process::id(), files.len()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("style")).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    const PAGE: &str = r#"<head><style>main</style>
<template id="screen-sheets">
  <link rel="stylesheet" data-sheet="tray" href="style/tray.css" />
  <link rel="stylesheet" data-sheet="help" href="style/help.css" />
</template>
<link rel="stylesheet" data-sheet="elsewhere" href="style/none.css" />
</head>"#;

    #[test]
    fn each_listed_sheet_gets_a_content_name_and_its_integrity_and_nothing_else_changes() {
        let dir = folder(&[("style/tray.css", ".tray{}"), ("style/help.css", ".help{}")]);
        let (page, sheets) = stage(PAGE, &dir, "./", false).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let tray = content_name("tray.css", b".tray{}");
        assert_eq!(sheets[0], Sheet { name: "tray".into(), file: tray.clone(), bytes: b".tray{}".to_vec() });
        assert_eq!(sheets[1].name, "help");
        assert_eq!(sheets.len(), 2);
        let link = format!(r#"data-sheet="tray" href="./{tray}" integrity="{}""#, integrity(b".tray{}"));
        assert!(page.contains(&link), "{page}");
        // A link outside the template is not a screen sheet: left as it was.
        assert!(page.contains(r#"<link rel="stylesheet" data-sheet="elsewhere" href="style/none.css" />"#), "{page}");
    }

    #[test]
    fn a_missing_file_or_a_repeated_name_is_refused_with_the_sheets_name() {
        let dir = folder(&[("style/tray.css", ".tray{}")]);
        let missing = stage(PAGE, &dir, "./", false).unwrap_err();
        let repeated =
            PAGE.replace("data-sheet=\"help\" href=\"style/help.css\"", "data-sheet=\"tray\" href=\"style/tray.css\"");
        let repeated = stage(&repeated, &dir, "./", false).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(format!("{missing:#}").contains("read the screen sheet \"help\""), "{missing:#}");
        assert!(repeated.contains("distinct") && repeated.contains("\"tray\""), "{repeated}");
    }

    #[test]
    fn a_link_without_a_css_href_is_refused() {
        let page = r#"<template id="screen-sheets"><link rel="stylesheet" data-sheet="x" /></template>"#;
        let error = stage(page, Path::new("."), "./", false).unwrap_err().to_string();
        assert!(error.contains("\"x\" has no href"), "{error}");
    }

    #[test]
    fn a_release_build_ships_each_sheet_minified_under_the_name_and_integrity_of_what_it_ships() {
        let dir = folder(&[
            ("style/tray.css", "/* tray */\n.tray {\n  color: red;\n}\n"),
            ("style/help.css", ".help{}"),
            ("style/x.css", ""),
        ]);
        let (page, sheets) = stage(PAGE, &dir, "./", true).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(sheets[0].bytes, b".tray{color:red;}");
        let tray = content_name("tray.css", b".tray{color:red;}");
        assert_eq!(sheets[0].file, tray);
        let link = format!(r#"href="./{tray}" integrity="{}""#, integrity(b".tray{color:red;}"));
        assert!(page.contains(&link), "{page}");
    }
}
