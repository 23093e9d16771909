//! The two external tools the build runs, both pinned in Trunk.toml `[tools]` and installed by scripts/tools.sh:
//! wasm-bindgen (the CLI Trunk itself runs) here, and wasm-opt (binaryen's npm build) in wasm_opt.rs.

use eyre::{bail, eyre, Result};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `command`, failing with its stderr when it fails and with a hint when it is not installed.
fn run(mut command: Command) -> Result<Output> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command.output().map_err(|e| {
        eyre!("could not run {program} ({e}): is it installed and on PATH? scripts/tools.sh installs it")
    })?;
    if !output.status.success() {
        bail!("{program} failed ({}): {}", output.status, String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(output)
}

/// wasm-bindgen on the split main module, as Trunk runs it (`--target web`, no TypeScript), plus
/// `--keep-lld-exports` (the chunks link against the main module's exports) and `--no-demangle`.
/// Writes `<out_dir>/<stem>.js` and `<out_dir>/<stem>_bg.wasm`.
pub fn wasm_bindgen(main: &Path, out_dir: &Path, stem: &str) -> Result<()> {
    let mut command = Command::new("wasm-bindgen");
    command
        .args(["--target=web", "--no-typescript", "--keep-lld-exports", "--no-demangle"])
        .arg(format!("--out-dir={}", out_dir.display()))
        .arg(format!("--out-name={stem}"))
        .arg(main);
    run(command).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_says_how_to_install_it() {
        let error = run(Command::new("dicetray-no-such-tool")).unwrap_err().to_string();
        assert!(error.contains("dicetray-no-such-tool") && error.contains("scripts/tools.sh"), "{error}");
        let error = run(Command::new("false")).unwrap_err().to_string();
        assert!(error.starts_with("false failed (exit status: 1)"), "{error}");
    }
}
