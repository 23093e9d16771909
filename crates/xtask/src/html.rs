//! The edits to the staged index.html, made with an HTML rewriter (lol_html, which Trunk uses too) that selects
//! elements by CSS selectors and leaves every other byte as it was: comments are comments, a script's text is text.

use eyre::{bail, eyre, Result};
use lol_html::html_content::ContentType;
use lol_html::{element, rewrite_str, text, RewriteStrSettings};
use std::cell::RefCell;

/// The text of every inline script and stylesheet of a page, in document order.
#[derive(Debug, Default, PartialEq)]
pub struct InlineCode {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// The inline code of `html`: the text of each `<script>` without `src` and of each `<style>`.
pub fn inline_code(html: &str) -> Result<InlineCode> {
    // Script and style elements never nest (their content is raw text), so text belongs to the last one opened.
    let found: RefCell<Vec<(bool, String)>> = RefCell::default();
    let settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("script:not([src]), style", |el| {
            found.borrow_mut().push((el.tag_name() == "script", String::new()));
            Ok(())
        }))
        .append_element_content_handler(text!("script:not([src]), style", |chunk| {
            if let Some((_, text)) = found.borrow_mut().last_mut() {
                text.push_str(chunk.as_str());
            }
            Ok(())
        }));
    rewrite_str(html, settings).map_err(|e| eyre!("index.html: {e}"))?;
    let mut code = InlineCode::default();
    for (is_script, text) in found.into_inner() {
        if is_script { &mut code.scripts } else { &mut code.styles }.push(text);
    }
    Ok(code)
}

/// `html` with the text of each `<style>` replaced by `f` of it (its raw text: a stylesheet is never escaped).
pub fn rewrite_styles(html: &str, f: impl Fn(&str) -> Result<String>) -> Result<String> {
    let text = RefCell::new(String::new());
    let failure: RefCell<Option<eyre::Report>> = RefCell::default();
    let settings = RewriteStrSettings::new().append_element_content_handler(text!("style", |chunk| {
        // The parser may hand a long text over in pieces: the last one carries the whole rewritten text.
        text.borrow_mut().push_str(chunk.as_str());
        if chunk.last_in_text_node() {
            let css = std::mem::take(&mut *text.borrow_mut());
            match f(&css) {
                Ok(out) => chunk.replace(&out, ContentType::Html),
                Err(e) => {
                    failure.borrow_mut().get_or_insert(e);
                }
            }
        } else {
            chunk.remove();
        }
        Ok(())
    }));
    let out = rewrite_str(html, settings).map_err(|e| eyre!("index.html: {e}"))?;
    match failure.into_inner() {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// `html` with the one element `selector` matches replaced by `markup`; `what` names it in the error.
pub fn replace_one(html: &str, selector: &str, markup: &str, what: &str) -> Result<String> {
    let count = RefCell::new(0);
    let settings = RewriteStrSettings::new().append_element_content_handler(element!(selector, |el| {
        *count.borrow_mut() += 1;
        el.replace(markup, ContentType::Html);
        Ok(())
    }));
    let out = rewrite_str(html, settings).map_err(|e| eyre!("index.html: {e}"))?;
    match count.into_inner() {
        1 => Ok(out),
        n => bail!("index.html must have exactly one {what} (`{selector}`), found {n}"),
    }
}

/// `html` with `markup` right after its `<meta charset="utf-8">` (first in `<head>`, so that what it says applies to
/// every element after it).
pub fn insert_after_charset(html: &str, markup: &str) -> Result<String> {
    let charsets: RefCell<Vec<String>> = RefCell::default();
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("meta[charset]", |el| {
        let charset = el.get_attribute("charset").unwrap_or_default();
        if charset.eq_ignore_ascii_case("utf-8") {
            el.after(markup, ContentType::Html);
        }
        charsets.borrow_mut().push(charset);
        Ok(())
    }));
    let out = rewrite_str(html, settings).map_err(|e| eyre!("index.html: {e}"))?;
    match charsets.into_inner().as_slice() {
        [one] if one.eq_ignore_ascii_case("utf-8") => Ok(out),
        found => bail!("index.html must have one <meta charset=\"utf-8\"> to put the policy after, found {found:?}"),
    }
}

/// Whether `html` has a `<meta http-equiv>` with this value (compared without regard to case).
pub fn has_http_equiv(html: &str, name: &str) -> Result<bool> {
    let found = RefCell::new(false);
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("meta[http-equiv]", |el| {
        if el.get_attribute("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case(name)) {
            *found.borrow_mut() = true;
        }
        Ok(())
    }));
    rewrite_str(html, settings).map_err(|e| eyre!("index.html: {e}"))?;
    Ok(found.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8" />
    <!-- a comment that mentions <script>not code</script> and <style> -->
    <script src="boot.js" defer></script>
    <style>body { color: red }</style>
    <link data-trunk rel="rust" data-bin="app" data-trunk-id="3"/>
    <script>
console.log("<b>" + 1);
</script>
  </head>
  <body><p>text</p><style></style></body>
</html>
"#;

    #[test]
    fn inline_code_is_every_script_without_src_and_every_style_but_not_comments() {
        let code = inline_code(PAGE).unwrap();
        assert_eq!(code.scripts, ["\nconsole.log(\"<b>\" + 1);\n"]);
        assert_eq!(code.styles, ["body { color: red }", ""]);
    }

    #[test]
    fn inline_code_gathers_text_the_parser_hands_over_in_pieces() {
        let long = "x".repeat(100_000);
        let code = inline_code(&format!("<script>{long}</script><script>a</script>")).unwrap();
        assert_eq!(code.scripts, [long, "a".to_string()]);
    }

    #[test]
    fn replace_one_swaps_the_element_and_leaves_every_other_byte() {
        let out = replace_one(PAGE, r#"link[data-trunk][rel="rust"]"#, "<script>new</script>", "link").unwrap();
        assert_eq!(
            out,
            PAGE.replace(r#"<link data-trunk rel="rust" data-bin="app" data-trunk-id="3"/>"#, "<script>new</script>")
        );
    }

    #[test]
    fn replace_one_refuses_none_or_several() {
        let none = replace_one("<p></p>", "link[rel=rust]", "", "Rust app link").unwrap_err().to_string();
        assert!(none.contains("exactly one Rust app link") && none.contains("found 0"), "{none}");
        let two = replace_one("<p></p><p></p>", "p", "", "paragraph").unwrap_err().to_string();
        assert!(two.contains("found 2"), "{two}");
    }

    #[test]
    fn markup_goes_right_after_the_charset() {
        let out = insert_after_charset(PAGE, "\n    <meta name=\"x\" />").unwrap();
        assert!(out.contains("<meta charset=\"utf-8\" />\n    <meta name=\"x\" />\n    <!-- a comment"), "{out}");
        assert_eq!(out.len(), PAGE.len() + "\n    <meta name=\"x\" />".len());
    }

    #[test]
    fn a_page_without_a_utf8_charset_is_refused() {
        for page in ["<head></head>", "<head><meta charset=\"latin1\"></head>"] {
            let error = insert_after_charset(page, "x").unwrap_err().to_string();
            assert!(error.contains("<meta charset=\\\"utf-8\\\">") || error.contains("charset"), "{error}");
        }
    }

    #[test]
    fn http_equiv_is_found_in_any_case() {
        let page = r#"<meta http-equiv="content-security-policy" content="x">"#;
        assert!(has_http_equiv(page, "Content-Security-Policy").unwrap());
        assert!(!has_http_equiv(PAGE, "Content-Security-Policy").unwrap());
    }

    #[test]
    fn rewrite_styles_hands_over_each_whole_stylesheet_and_keeps_its_text_raw() {
        let long = format!("a > b {{ color: red }}{}", " ".repeat(100_000));
        let page = format!("{PAGE}<style>{long}</style>");
        let seen = RefCell::new(Vec::new());
        let out = rewrite_styles(&page, |css| {
            seen.borrow_mut().push(css.len());
            Ok(css.trim().replace("red", "blue"))
        })
        .unwrap();
        // Both of PAGE's stylesheets (one empty) and the long one, each whole, in order.
        assert_eq!(seen.into_inner().iter().filter(|&&n| n > 0).copied().collect::<Vec<_>>(), [19, long.len()]);
        assert!(
            out.contains("<style>body { color: blue }</style>") && out.contains("<style>a > b { color: blue }</style>")
        );
        // A comment that mentions <style> is no stylesheet.
        assert!(out.contains("<!-- a comment that mentions <script>not code</script> and <style> -->"), "{out}");
        let error = rewrite_styles(&page, |_| Err(eyre!("style/x.css: bad"))).unwrap_err().to_string();
        assert_eq!(error, "style/x.css: bad");
    }
}
