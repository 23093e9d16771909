//! The invitation link as a QR code, drawn as one SVG path (dark modules only), so a player can open the table
//! with the phone's camera.

use leptos::prelude::*;
use qrcode::{Color, EcLevel, QrCode};

/// The SVG path of `text`'s QR code (one unit per module, no quiet zone) and its width in modules; an error if
/// the text is too long for a QR code.
pub fn qr_path(text: &str) -> Result<(String, usize), String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| format!("the link does not fit in a QR code ({e})"))?;
    let width = code.width();
    let mut d = String::new();
    for (i, c) in code.to_colors().iter().enumerate() {
        if *c == Color::Dark {
            d.push_str(&format!("M{} {}h1v1h-1z", i % width, i / width));
        }
    }
    Ok((d, width))
}

/// The QR code of `link`, with the quiet zone the standard asks for (4 modules).
#[component]
pub fn QrCode(link: String) -> impl IntoView {
    match qr_path(&link) {
        Ok((d, width)) => {
            let view_box = format!("-4 -4 {} {}", width + 8, width + 8);
            view! {
                <svg class="table-qr" viewBox=view_box role="img" aria-label="QR code of the table's link" shape-rendering="crispEdges">
                    <rect x="-4" y="-4" width=width + 8 height=width + 8 fill="#fff" />
                    <path d=d fill="#000" />
                </svg>
            }
            .into_any()
        }
        Err(e) => view! { <p class="hint">{e}</p> }.into_any(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_a_square_of_modules_with_the_finder_patterns() {
        let link =
            "https://dicetray.example/#/table?t=AAAAAAAAAAAAAAAAAAAAAA&k=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";
        let (d, width) = qr_path(link).unwrap();
        assert!((21..=177).contains(&width) && (width - 17) % 4 == 0, "a QR code's width is 17 + 4n: {width}");
        // The top-left finder pattern: a dark 7x7 ring, so modules (0,0) and (6,6) are dark and (1,1) is light.
        assert!(d.contains("M0 0h") && d.contains("M6 6h") && !d.contains("M1 1h"));
        assert!(qr_path(&"x".repeat(5000)).is_err());
    }
}
