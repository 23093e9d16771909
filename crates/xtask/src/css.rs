//! Stylesheets minified for release builds: the three inlined into index.html and the lazy screens' sheets. Comments
//! and the whitespace CSS ignores go (`minifier`, the crate rustdoc minified its own CSS with; lightningcss, which
//! Trunk uses, would compile for about as long as the rest of the xtask). The first load's inline CSS goes from
//! 7.5 to 5.3 KB gzip. The e2e test `stylesheets::every_shipped_sheet_reads_as_its_source` checks in a browser that
//! each shipped sheet has the same rules as its source.

use eyre::{eyre, Result};

/// `css` minified; `what` names the sheet in the error.
pub fn minify(css: &str, what: &str) -> Result<String> {
    minifier::css::minify(css)
        .map(|m| m.to_string().trim().to_string())
        .map_err(|e| eyre!("{what}: the CSS minifier failed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_spare_whitespace_go_and_what_means_something_stays() {
        let css = "/* a comment */\n.a > .b ,\n.c:hover {\n  margin : 0 auto ;\n  width: calc(100% - 2px);\n  content: \"a  b\";\n}\n";
        let out = minify(css, "test.css").unwrap();
        assert!(out.len() < css.len() * 3 / 4, "{out}");
        assert!(!out.contains("comment") && !out.contains('\n'), "{out}");
        // The spaces calc needs and those inside a string stay; a descendant combinator keeps a space.
        assert!(out.contains("calc(100% - 2px)") && out.contains("\"a  b\""), "{out}");
        assert!(out.contains(".c:hover"), "{out}");
    }

    #[test]
    fn a_sheet_the_minifier_cannot_read_is_an_error_naming_it() {
        let error = minify("a { content: \"unclosed }", "style/x.css").unwrap_err().to_string();
        assert_eq!(error, "style/x.css: the CSS minifier failed: Unclosed string");
        let error = minify("a { color: red } /* unclosed", "style/y.css").unwrap_err().to_string();
        assert_eq!(error, "style/y.css: the CSS minifier failed: Unclosed comment");
    }
}
