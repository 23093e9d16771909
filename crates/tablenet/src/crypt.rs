//! AES-256-GCM through WebCrypto: the table's key is imported once (not extractable); each frame gets a fresh
//! 12-byte IV from `crypto.getRandomValues`; the AAD is the topic's hex text (`dicetray_table::signal`).

use crate::js::{describe, random, wait, window};
use dicetray_table::signal::IV_BYTES;
use js_sys::{Array, ArrayBuffer, Uint8Array};
use wasm_bindgen::JsCast;
use web_sys::{AesGcmParams, CryptoKey, SubtleCrypto};

pub struct Crypt {
    subtle: SubtleCrypto,
    key: CryptoKey,
    aad: Vec<u8>,
}

fn subtle() -> Result<SubtleCrypto, String> {
    Ok(window()?.crypto().map_err(|e| format!("no crypto: {}", describe(&e)))?.subtle())
}

impl Crypt {
    pub async fn import(raw: &[u8; 32], topic: &str) -> Result<Crypt, String> {
        let subtle = subtle()?;
        let data = Uint8Array::from(raw.as_slice());
        let usages = Array::of2(&"encrypt".into(), &"decrypt".into());
        let promise = subtle
            .import_key_with_str("raw", &data, "AES-GCM", false, &usages)
            .map_err(|e| format!("importing the table key failed: {}", describe(&e)))?;
        let key = wait(promise).await.map_err(|e| format!("importing the table key failed: {e}"))?;
        let key = key.dyn_into::<CryptoKey>().map_err(|_| "importing the table key gave no CryptoKey".to_string())?;
        Ok(Crypt { subtle, key, aad: topic.as_bytes().to_vec() })
    }

    fn params(&self, iv: &[u8; IV_BYTES]) -> AesGcmParams {
        let params = AesGcmParams::new("AES-GCM", &Uint8Array::from(iv.as_slice()));
        params.set_additional_data(&Uint8Array::from(self.aad.as_slice()));
        params
    }

    /// A fresh IV and the ciphertext (with its 16-byte tag).
    pub async fn encrypt(&self, plain: &[u8]) -> Result<([u8; IV_BYTES], Vec<u8>), String> {
        let iv = random::<IV_BYTES>()?;
        let promise = self
            .subtle
            .encrypt_with_object_and_u8_array(&self.params(&iv), &self.key, plain)
            .map_err(|e| format!("encrypting failed: {}", describe(&e)))?;
        let out = wait(promise).await.map_err(|e| format!("encrypting failed: {e}"))?;
        Ok((iv, bytes_of(out)?))
    }

    /// The plaintext, or an error if the key, IV, AAD or tag do not match.
    pub async fn decrypt(&self, iv: &[u8; IV_BYTES], ciphertext: &[u8]) -> Result<Vec<u8>, String> {
        let promise = self
            .subtle
            .decrypt_with_object_and_u8_array(&self.params(iv), &self.key, ciphertext)
            .map_err(|e| format!("decrypting failed: {}", describe(&e)))?;
        // WebCrypto rejects with an OperationError that says nothing more.
        let out = wait(promise).await.map_err(|_| "does not decrypt with this table's key".to_string())?;
        bytes_of(out)
    }
}

fn bytes_of(value: wasm_bindgen::JsValue) -> Result<Vec<u8>, String> {
    let buf: ArrayBuffer = value.dyn_into().map_err(|_| "WebCrypto did not return an ArrayBuffer".to_string())?;
    Ok(Uint8Array::new(&buf).to_vec())
}
