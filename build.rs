//! Finds which outside programs the tests drive are missing (`build/probe.rs`) and sets a
//! `missing_<program>` cfg for each, so that `cargo test` lists a test that needs one as
//! ignored, with its reason, rather than as passing. Under `CI=true` it sets none.

#[path = "build/probe.rs"]
mod probe;

use probe::{Check, Program, EXTRA_DIRS, PROGRAMS};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folders a command is looked for in: PATH's, then Debian's games and daemons.
fn search_dirs() -> Vec<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    dirs.extend(EXTRA_DIRS.iter().map(PathBuf::from));
    dirs
}

fn has_command(name: &str) -> bool {
    search_dirs().iter().any(|d| d.join(name).is_file())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn python_imports(import: &str) -> bool {
    Command::new("python3")
        .args(["-c", import])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn present(program: &Program) -> bool {
    match program.check {
        Check::AnyCommand(names) => names.iter().any(|n| has_command(n)),
        Check::RootWith(names) => is_root() && names.iter().all(|n| has_command(n)),
        Check::Python(import) => python_imports(import),
        Check::ProjectFile(path) => Path::new(path).is_file(),
    }
}

/// Where python3 keeps its packages: installing python-chess changes that folder.
fn python_packages() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ])
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    dir.is_dir().then_some(dir)
}

/// The commit the binary is built from, and whether its sources differ from it, as
/// `ABLATE_BUILD_COMMIT` and `ABLATE_BUILD_CHANGES`: a manifest records the build that played
/// its games, not whatever the checkout holds when a binary copied aside runs.
fn build_commit() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_default();
    let changes = git(&[
        "status",
        "--porcelain",
        "--untracked-files=no",
        "--",
        "src",
        "build",
        "build.rs",
        "Cargo.toml",
        "Cargo.lock",
    ])
    .is_some_and(|s| !s.is_empty());
    println!("cargo::rustc-env=ABLATE_BUILD_COMMIT={commit}");
    println!(
        "cargo::rustc-env=ABLATE_BUILD_CHANGES={}",
        u8::from(changes)
    );
    // Again when HEAD moves (a commit, a checkout) or a source changes. A watched file that does
    // not exist makes cargo run this script (and build ablate again) on every build, so each is
    // watched only where it exists. HEAD's reflog moves with every commit and checkout of this
    // checkout, whether git keeps the branch loose or packed; without a reflog, the branch's
    // ref is watched where git keeps it (loose, else packed-refs, else its folder, where the
    // next commit writes it). Other branches' commits touch none of these.
    let git_path = |name: &str| git(&["rev-parse", "--git-path", name]).map(PathBuf::from);
    let existing = |name: &str| git_path(name).filter(|path| path.exists());
    let mut watched: Vec<PathBuf> = ["HEAD", "logs/HEAD", "packed-refs"]
        .iter()
        .filter_map(|name| existing(name))
        .collect();
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]).and_then(|b| git_path(&b)) {
        let reflog = watched.iter().any(|p| p.ends_with("logs/HEAD"));
        let packed = watched.iter().any(|p| p.ends_with("packed-refs"));
        match branch.exists() {
            true => watched.push(branch),
            false if !reflog && !packed => watched.extend(
                branch
                    .parent()
                    .filter(|d| d.is_dir())
                    .map(Path::to_path_buf),
            ),
            false => {}
        }
    }
    for path in watched {
        println!("cargo::rerun-if-changed={}", path.display());
    }
    for source in ["src", "build", "Cargo.toml", "Cargo.lock"] {
        println!("cargo::rerun-if-changed={source}");
    }
}

fn main() {
    build_commit();
    for program in PROGRAMS {
        println!("cargo::rustc-check-cfg=cfg(missing_{})", program.name);
    }
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=build/probe.rs");
    println!("cargo::rerun-if-env-changed=CI");
    // Not PATH: a change to it would build ablate again (about 2.5 minutes), and users change
    // it for reasons of their own (`cargo install` asks them to add its folder). A program
    // installed later lands in a folder watched below, and is found on the next build.
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let missing = probe::missing_cfgs(ci, present);
    for cfg in &missing {
        println!("cargo::rustc-cfg={cfg}");
    }
    // A program installed later is found on the next build: cargo runs this again when a
    // folder it could appear in changes (a missing folder is watched as missing).
    if !missing.is_empty() {
        for dir in search_dirs().iter().filter(|d| d.is_absolute()) {
            if Path::new(dir).is_dir() {
                println!("cargo::rerun-if-changed={}", dir.display());
            }
        }
        if let Some(packages) = python_packages() {
            println!("cargo::rerun-if-changed={}", packages.display());
        }
        for program in PROGRAMS {
            if let Check::ProjectFile(path) = program.check {
                if let Some(dir) = Path::new(path).parent().filter(|d| d.is_dir()) {
                    println!("cargo::rerun-if-changed={}", dir.display());
                }
            }
        }
    }
}
