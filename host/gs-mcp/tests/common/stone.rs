//! A test stone and an installation whose client library reaches it: the
//! GCI-compatible test stone (docs/teststone.md), a test double for
//! GemStone, because no real stone can run here.

use std::path::PathBuf;

use gs_teststone::{Installation, StoneConfig, StoneProcess};

/// The environment variable the configurations name for the password.
pub const PASSWORD_VAR: &str = "GS_MCP_TEST_STONE_PASSWORD";

/// A stone process and an installation whose client library reaches it.
pub struct Site {
    /// Holds the installation, the image, the stones' global directory.
    pub dir: tempfile::TempDir,
    /// The installation gs-mcp loads the client library from.
    pub install: Installation,
    /// The stone.
    pub stone: StoneProcess,
}

impl Site {
    /// A new stone named `name` on a new image.
    pub fn new(name: &str) -> Site {
        Site::with_password(name, gs_teststone::DEFAULT_PASSWORD)
    }

    /// A new stone named `name` whose users log in with `password`.
    pub fn with_password(name: &str, password: &str) -> Site {
        let dir = tempfile::tempdir().unwrap();
        let install = Installation::create(&dir.path().join("gemstone")).unwrap();
        let mut config = StoneConfig::new(name, dir.path().join("app.image"), global_dir(&dir));
        config.create = true;
        config.password = password.to_string();
        let stone = StoneProcess::spawn(config).unwrap();
        Site {
            dir,
            install,
            stone,
        }
    }

    /// A toolsets.toml serving this stone with the built-in toolset.
    pub fn config(&self, password_var: &str) -> PathBuf {
        self.config_with("toolsets.toml", password_var, "")
    }

    /// A configuration file `file` serving this stone, `extra` appended.
    pub fn config_with(&self, file: &str, password_var: &str, extra: &str) -> PathBuf {
        let path = self.dir.path().join(file);
        std::fs::write(
            &path,
            format!(
                "[image]\nbackend = \"gemstone\"\ngemstone = {:?}\nstone = {:?}\n\
                 user = \"DataCurator\"\npassword_env = {password_var:?}\n{extra}",
                self.install.gemstone(),
                self.stone.config().name,
            ),
        )
        .unwrap();
        path
    }

    /// What gs-mcp's process needs in its environment: the stones' global
    /// directory (GemStone's client library finds stones there) and the
    /// password.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "GEMSTONE_GLOBAL_DIR",
                global_dir(&self.dir).display().to_string(),
            ),
            (PASSWORD_VAR, gs_teststone::DEFAULT_PASSWORD.to_string()),
        ]
    }
}

fn global_dir(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("global")
}
