//! The two external tools the build runs, both pinned in Trunk.toml `[tools]` and installed by scripts/tools.sh:
//! wasm-bindgen (the CLI Trunk itself runs) and wasm-opt (binaryen's npm build).

use eyre::{bail, eyre, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// A wasm-opt warning each chunk causes (wasm-split writes a name subsection wasm-opt does not read); dropped.
const KNOWN_WARNING: &str = "warning: unknown name subsection with id 3 at";

/// `wasm-opt -Oz` on each file, in place, as many at once as there are cores: binaryen's npm build starts under
/// Node in about 0.8 s, which outweighs the work on most of the ~100 small chunks.
pub fn wasm_opt(files: &[PathBuf]) -> Result<()> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    for_each_parallel(files, workers, |file| {
        let mut command = Command::new("wasm-opt");
        command.arg("-Oz").arg(format!("--output={}", file.display())).arg(file);
        let output = run(command).map_err(|e| eyre!("{}: {e}", file.display()))?;
        for line in String::from_utf8_lossy(&output.stderr).lines() {
            if !line.starts_with(KNOWN_WARNING) {
                eprintln!("{line}");
            }
        }
        Ok(())
    })
}

/// Calls `f` on every item from `workers` threads at once; every item is tried, and the errors are reported
/// together.
pub fn for_each_parallel<T: Sync>(items: &[T], workers: usize, f: impl Fn(&T) -> Result<()> + Sync) -> Result<()> {
    let next = AtomicUsize::new(0);
    let errors = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = f(item) {
                        errors.lock().expect("no worker panics while holding the lock").push(e.to_string());
                    }
                }
            });
        }
    });
    let errors = errors.into_inner().expect("the workers are done");
    if !errors.is_empty() {
        bail!("{} of {} failed:\n{}", errors.len(), items.len(), errors.join("\n"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_item_is_done_once_with_at_most_the_given_workers_at_once() {
        let items: Vec<usize> = (0..40).collect();
        let (running, most, done) = (AtomicUsize::new(0), AtomicUsize::new(0), Mutex::new(Vec::new()));
        for_each_parallel(&items, 3, |i| {
            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
            most.fetch_max(now, Ordering::SeqCst);
            // The first items wait (up to 10 s, for a loaded machine) until all three workers have been busy at once.
            let waited = std::time::Instant::now();
            while *i < 3 && most.load(Ordering::SeqCst) < 3 && waited.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(1));
            }
            done.lock().unwrap().push(*i);
            running.fetch_sub(1, Ordering::SeqCst);
            Ok(())
        })
        .unwrap();
        let mut done = done.into_inner().unwrap();
        done.sort();
        assert_eq!(done, items);
        assert_eq!(most.into_inner(), 3, "three at once, never more");
    }

    #[test]
    fn failures_are_reported_together_after_every_item_was_tried() {
        let tried = AtomicUsize::new(0);
        let error = for_each_parallel(&[1, 2, 3, 4], 2, |i| {
            tried.fetch_add(1, Ordering::SeqCst);
            if i % 2 == 0 {
                bail!("item {i} broke")
            }
            Ok(())
        })
        .unwrap_err()
        .to_string();
        assert_eq!(tried.into_inner(), 4);
        assert!(
            error.starts_with("2 of 4 failed:") && error.contains("item 2 broke") && error.contains("item 4 broke")
        );
    }

    #[test]
    fn a_missing_tool_says_how_to_install_it() {
        let error = run(Command::new("dicetray-no-such-tool")).unwrap_err().to_string();
        assert!(error.contains("dicetray-no-such-tool") && error.contains("scripts/tools.sh"), "{error}");
        let error = run(Command::new("false")).unwrap_err().to_string();
        assert!(error.starts_with("false failed (exit status: 1)"), "{error}");
    }
}
