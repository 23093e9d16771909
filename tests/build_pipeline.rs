//! The build of the site, checked as files: it uses stable Rust only, everything after cargo is one Rust program
//! (crates/xtask), the Pages workflow builds exactly as `make test` does, and `scripts/empty-cargo-cache.sh` (how `.ci/run` proves a brand-new machine) really hands its
//! command an empty cargo cache. Issue #15: an unstable flag once made the release build depend on crates that only
//! an earlier build had fetched, and it failed on the first brand-new machine.

use std::path::{Path, PathBuf};
use std::process::Command;

fn checkout() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(checkout().join(relative)).unwrap_or_else(|e| panic!("read {relative}: {e}"))
}

/// A file's lines with `#` comments removed (shell, TOML and YAML comments), so the files may explain what they
/// avoid without tripping the checks below.
fn code_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| match line.find('#') {
            Some(at) if !line[..at].contains('"') && !line[..at].contains('\'') => line[..at].to_string(),
            _ => line.to_string(),
        })
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Every file that takes part in building the site (not the fuzz targets, which may use nightly flags).
const SITE_BUILD_FILES: &[&str] = &[
    ".cargo/config.toml",
    ".ci/run",
    ".github/workflows/pages.yml",
    "Cargo.toml",
    "Makefile",
    "Trunk.toml",
    "rust-toolchain.toml",
    "scripts/build-release.sh",
    "scripts/empty-cargo-cache.sh",
    "scripts/env.sh",
    "scripts/serve.sh",
    "scripts/test.sh",
    "scripts/tools.sh",
];

/// The build's post-build step (Trunk's hook): the crate's manifest and every source file.
fn xtask_files() -> Vec<String> {
    let mut files = vec!["crates/xtask/Cargo.toml".to_string()];
    let mut dirs = vec!["crates/xtask/src".to_string()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(checkout().join(&dir)).unwrap_or_else(|e| panic!("list {dir}: {e}")) {
            let entry = entry.unwrap();
            let path = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn the_site_builds_with_stable_rust_only() {
    let files: Vec<String> = SITE_BUILD_FILES.iter().map(|f| f.to_string()).chain(xtask_files()).collect();
    assert!(files.iter().any(|f| f.ends_with("src/main.rs")), "{files:?}");
    for file in &files {
        for line in code_lines(&read(file)) {
            assert!(!line.contains("RUSTC_BOOTSTRAP"), "{file}: {line}");
            assert!(!line.contains("CARGO_UNSTABLE_"), "{file}: {line}");
            let z_flag = line.split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '=').any(|word| {
                word.strip_prefix("-Z").is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
            });
            assert!(!z_flag, "{file} passes an unstable -Z flag: {line}");
        }
    }
    let toolchain = read("rust-toolchain.toml");
    let channel = toolchain
        .lines()
        .find_map(|l| l.trim().strip_prefix("channel = "))
        .expect("rust-toolchain.toml names a channel")
        .trim_matches('"');
    let parts: Vec<&str> = channel.split('.').collect();
    assert!(
        parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())),
        "rust-toolchain.toml must pin a stable release such as 1.95.0, not {channel:?}"
    );
}

#[test]
fn the_pages_workflow_builds_as_make_test_does() {
    let workflow = code_lines(&read(".github/workflows/pages.yml"));
    let test = code_lines(&read("scripts/test.sh"));
    let runs = |lines: &[String], command: &str| lines.iter().any(|l| l.trim().trim_start_matches("run: ") == command);
    for command in ["scripts/build-release.sh", "bench/budget --no-build --sizes-only"] {
        assert!(runs(&test, command), "scripts/test.sh does not run `{command}`");
        assert!(runs(&workflow, command), "the Pages workflow does not run `{command}`");
    }
    assert!(test.iter().any(|l| l.starts_with("scripts/tools.sh")), "scripts/test.sh installs the pinned tools");
    assert!(runs(&workflow, "scripts/tools.sh"), "the Pages workflow installs the pinned tools with scripts/tools.sh");
    // The toolchain comes from rust-toolchain.toml: no channel of the workflow's own.
    let rustup: Vec<&String> = workflow.iter().filter(|l| l.contains("rustup")).collect();
    assert!(!rustup.is_empty(), "the Pages workflow installs the Rust toolchain");
    for line in rustup {
        for other in ["stable", "nightly", "beta", "default"] {
            assert!(!line.contains(other), "the Pages workflow picks a toolchain of its own: {line}");
        }
    }
    // No step bypasses the script: trunk is only run by scripts/build-release.sh.
    let commands: Vec<&String> = workflow.iter().filter(|l| l.trim_start().starts_with("run:")).collect();
    assert!(commands.len() >= 4, "the Pages workflow's commands: {commands:#?}");
    assert!(
        !commands.iter().any(|l| l.contains("trunk")),
        "the Pages workflow must build with the script: {commands:#?}"
    );
}

/// Issue #18: everything after cargo is one Rust program (crates/xtask), run by Trunk's one post-build hook; no
/// shell, awk, sed or Node step patches Trunk's output, and the tools only those steps needed are gone.
#[test]
fn the_build_after_cargo_is_the_xtask_alone() {
    let trunk: toml::Table = read("Trunk.toml").parse().expect("Trunk.toml is TOML");
    let hooks = trunk["hooks"].as_array().expect("Trunk.toml has [[hooks]]");
    assert_eq!(hooks.len(), 1, "one hook, so that no two run at once: {hooks:#?}");
    let hook = hooks[0].as_table().unwrap();
    assert_eq!(hook["stage"].as_str(), Some("post_build"));
    assert_eq!(hook["command"].as_str(), Some("cargo"));
    let args: Vec<&str> = hook["command_arguments"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(
        args,
        ["run", "--offline", "--locked", "--profile", "xtask", "-p", "dicetray-xtask", "--", "post-build"]
    );
    // Trunk injects no loader: the xtask writes it (with the integrity of the JS it ships) in place of the rust link.
    assert_eq!(trunk["build"]["inject_scripts"].as_bool(), Some(false));
    assert!(read("index.html").contains(r#"<link data-trunk rel="rust""#));
    let scripts: Vec<String> = std::fs::read_dir(checkout().join("scripts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for gone in ["wasm-split.sh", "post-build.sh", "pwa-precache.sh", "csp.mjs", "start-after-paint.mjs"] {
        assert!(!scripts.iter().any(|s| s == gone), "scripts/{gone} is back");
    }
    assert!(!scripts.iter().any(|s| s.ends_with(".mjs") || s.ends_with(".js")), "a Node step in scripts/: {scripts:?}");
    for file in ["scripts/tools.sh", ".github/workflows/pages.yml", "Trunk.toml"] {
        for line in code_lines(&read(file)) {
            for tool in ["terser", "wasm-split-cli", "wasm_split"] {
                assert!(!line.contains(tool), "{file} still installs or pins {tool}: {line}");
            }
        }
    }
}

#[test]
fn ci_runs_the_readme_test_command_with_an_empty_cargo_cache() {
    let ci = code_lines(&read(".ci/run"));
    assert!(ci.iter().any(|l| l.trim() == "scripts/empty-cargo-cache.sh make test"), "{ci:#?}");
    assert!(read("README.md").contains("`make test`"), "the README names `make test` as its test command");
}

#[test]
fn empty_cargo_cache_hands_its_command_a_new_cargo_home_with_the_tools_linked() {
    let real = tempdir("real");
    std::fs::create_dir_all(real.join("bin")).unwrap();
    std::fs::create_dir_all(real.join("registry/cache/index.crates.io-0000/some-crate-1.0.0")).unwrap();
    std::fs::write(real.join("bin/trunk"), "#!/bin/sh\necho trunk 0.0\n").unwrap();
    std::fs::write(real.join(".crates.toml"), "[v1]\n").unwrap();
    let report = tempdir("report").join("seen");
    let probe = format!(
        "echo \"$CARGO_HOME\" > {0}; ls -A \"$CARGO_HOME\" >> {0}; readlink \"$CARGO_HOME/bin/trunk\" >> {0}",
        report.display()
    );
    let status = Command::new("bash")
        .arg(checkout().join("scripts/empty-cargo-cache.sh"))
        .args(["bash", "-c", &probe])
        .env("CARGO_HOME", &real)
        // `.ci/run` sets it for the whole of `make test`: this test must not empty CI's own cargo home.
        .env_remove("DICETRAY_EMPTY_CARGO_HOME")
        .status()
        .expect("run scripts/empty-cargo-cache.sh");
    assert!(status.success());
    let seen = std::fs::read_to_string(&report).unwrap();
    let lines: Vec<&str> = seen.lines().collect();
    let fresh = Path::new(lines[0]);
    assert_ne!(fresh, real.as_path(), "the command must get a CARGO_HOME of its own");
    let mut entries: Vec<&str> = lines[1..lines.len() - 1].to_vec();
    entries.sort();
    assert_eq!(entries, [".crates.toml", "bin"], "only the tool list and the linked tools, no registry");
    assert_eq!(Path::new(lines[lines.len() - 1]), real.join("bin/trunk"));
    assert!(!fresh.exists(), "the temporary CARGO_HOME is removed afterwards");
    let failing = Command::new("bash")
        .arg(checkout().join("scripts/empty-cargo-cache.sh"))
        .args(["bash", "-c", "exit 3"])
        .env("CARGO_HOME", &real)
        .env_remove("DICETRAY_EMPTY_CARGO_HOME")
        .status()
        .unwrap();
    assert_eq!(failing.code(), Some(3), "the command's failure is the script's failure");
}

#[test]
fn empty_cargo_cache_at_a_named_path_is_emptied_first_and_removed_after() {
    let real = tempdir("named-real");
    std::fs::create_dir_all(real.join("bin")).unwrap();
    let named = tempdir("named").join("cargo-home");
    std::fs::create_dir_all(named.join("registry/src/left-by-an-earlier-run-1.0.0")).unwrap();
    let status = Command::new("bash")
        .arg(checkout().join("scripts/empty-cargo-cache.sh"))
        .args([
            "bash",
            "-c",
            r#"test "$CARGO_HOME" = "$DICETRAY_EMPTY_CARGO_HOME" && test ! -e "$CARGO_HOME/registry""#,
        ])
        .env("CARGO_HOME", &real)
        .env("DICETRAY_EMPTY_CARGO_HOME", &named)
        .status()
        .unwrap();
    assert!(status.success(), "the command runs in the named folder, with what an earlier run left there removed");
    assert!(!named.exists(), "the named folder is removed afterwards");
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dicetray-build-pipeline-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
