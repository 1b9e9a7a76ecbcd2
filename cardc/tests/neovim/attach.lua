-- Runs the README's Neovim snippet as a configuration would (the snippet first, then the
-- filetype detection a configuration turns on), opens a card file, and prints the
-- filetype, the diagnostics and a hover the client the snippet started received, and the
-- answer of cardc's own `cardc/cardSvg` on the card's name and past the card.
dofile(os.getenv("SNIPPET"))
vim.cmd("filetype on")
vim.cmd("edit " .. os.getenv("CARDS_FILE"))
local buf = vim.api.nvim_get_current_buf()
local out = { "filetype " .. vim.bo.filetype }
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out, string.format("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, d.code or "", d.message:gsub("\n", " | ")))
end
local line = vim.fn.search("you may gain") - 1
local col = vim.fn.col(".") - 1
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = col } }
local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 20000) or {}
for _, a in pairs(answers) do
  if a.result and a.result.contents then
    table.insert(out, "hover " .. (a.result.contents.value or ""):gsub("\n", " | "))
  end
end
-- cardc/cardSvg: on the card's name, then past the card (the line after the file's last).
local name = vim.fn.search('"Luke Skywalker"', "w") - 1
local blank = vim.api.nvim_buf_line_count(buf)
for _, at in ipairs({ { name, 8 }, { blank, 0 } }) do
  local where = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = at[1], character = at[2] } }
  local drawn = vim.lsp.buf_request_sync(buf, "cardc/cardSvg", where, 20000) or {}
  for _, a in pairs(drawn) do
    if a.err then
      table.insert(out, "cardsvg error " .. vim.inspect(a.err))
    elseif a.result == nil or a.result == vim.NIL then
      table.insert(out, string.format("cardsvg %d null", at[1] + 1))
    else
      local head = a.result.svg:match("^<svg[^>]*>") or ""
      table.insert(out, string.format("cardsvg %d %s %s %d..%d %s", at[1] + 1, a.result.id, a.result.name,
        a.result.range.start.line + 1, a.result.range["end"].line + 1, head))
    end
  end
end
if not got then table.insert(out, "no diagnostics within 20 s") end
io.stdout:write(table.concat(out, "\n") .. "\n")
local clients = vim.tbl_values(vim.lsp.buf_get_clients(buf))
for _, c in ipairs(clients) do vim.lsp.stop_client(c.id) end
vim.wait(2000, function()
  for _, c in ipairs(clients) do
    if not vim.lsp.client_is_stopped(c.id) then return false end
  end
  return true
end, 50)
vim.cmd("qa!")
