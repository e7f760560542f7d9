# Rails 6.1 (Debian's ruby-rails), stock: an ActiveModel model with validations and a controller
# written as the JSON scaffold writes it (`render json: @user.errors, status: :unprocessable_entity`).
# One file, no database (the taken username is a constant). Run: ruby app.rb PORT
require "action_controller/railtie"
require "active_model/railtie"
require "active_record"
require "tmpdir"
require "rack/handler/webrick"

class SignupApp < Rails::Application
  config.root = __dir__
  config.eager_load = false
  config.api_only = true
  config.secret_key_base = "real-servers-test-only"
  config.hosts.clear                       # loopback only; the listening address is what limits it
  config.logger = Logger.new($stderr)
  config.log_level = :warn
end

# What `rails new --api` puts in config/initializers/wrap_parameters.rb: a flat JSON body is
# wrapped as params[:user].
ActiveSupport.on_load(:action_controller) { wrap_parameters format: [:json] }

class User
  include ActiveModel::Model
  include ActiveModel::Attributes

  TAKEN_USERNAMES = %w[admin].freeze
  BLOCKED_USERNAMES = %w[blocked].freeze

  attribute :id, :integer
  attribute :username, :string
  attribute :email, :string
  attribute :password, :string
  attribute :age, :integer

  validates :username, presence: true, length: { in: 3..20 }
  validates :email, presence: true, format: { with: URI::MailTo::EMAIL_REGEXP }
  validates :password, presence: true, length: { minimum: 8 }
  validates :age, numericality: { only_integer: true, greater_than_or_equal_to: 13, less_than_or_equal_to: 120 }, allow_nil: true
  validate :username_is_free
  validate :password_differs_from_username
  validate :sign_ups_open

  def save
    return false unless valid?

    self.id = (@@next_id = (defined?(@@next_id) ? @@next_id : 0) + 1)
    true
  end

  private

  def username_is_free
    errors.add(:username, :taken, message: "has already been taken") if TAKEN_USERNAMES.include?(username)
  end

  def password_differs_from_username
    return if password.blank? || password != username

    errors.add(:base, :password_matches_username, message: "Password must not equal the username")
  end

  def sign_ups_open
    errors.add(:base, "Sign-ups from this account are closed") if BLOCKED_USERNAMES.include?(username)
  end
end

# The receipt endpoint (issue 11): a receipt with line items, written the Rails way:
# `has_many` + `accepts_nested_attributes_for`, the client sending `lines_attributes`. Twice: with
# `index_errors: true` (errors say which line: `lines[1].qty`) and without (Rails' default in 6.1:
# `lines.qty`). Nested attributes need Active Record, so a SQLite file in the run's temporary
# directory holds the two tables; nothing is ever saved (validation only, as with the users).
ActiveRecord::Base.establish_connection(adapter: "sqlite3", database: File.join(Dir.tmpdir, "formline-realservers-rails.sqlite3"))
ActiveRecord::Migration.verbose = false
ActiveRecord::Schema.define do
  create_table :receipts, force: true
  create_table :receipt_lines, force: true do |t|
    t.integer :receipt_id
    t.string :sku
    t.integer :qty
  end
end

class ReceiptLine < ActiveRecord::Base
  KNOWN_SKUS = %w[ABC-1 ABC-2 BULK-10].freeze

  validates :sku, presence: true, length: { maximum: 20 }, inclusion: { in: KNOWN_SKUS, message: "is not a known SKU" }
  validates :qty, numericality: { only_integer: true, greater_than_or_equal_to: 1, less_than_or_equal_to: 100 }
  validate :bulk_in_tens

  private

  def bulk_in_tens
    return unless sku.to_s.start_with?("BULK-") && qty.is_a?(Integer) && qty % 10 != 0

    errors.add(:base, :bulk_in_tens, message: "Bulk SKUs ship in tens")
  end
end

class Receipt < ActiveRecord::Base
  has_many :lines, class_name: "ReceiptLine", foreign_key: :receipt_id, index_errors: true
  accepts_nested_attributes_for :lines
  validates :lines, length: { minimum: 2, too_short: "needs at least %{count} lines" }
end

class UnindexedReceipt < ActiveRecord::Base
  self.table_name = "receipts"
  has_many :lines, class_name: "ReceiptLine", foreign_key: :receipt_id
  accepts_nested_attributes_for :lines
  validates :lines, length: { minimum: 2, too_short: "needs at least %{count} lines" }
end

class ReceiptsController < ActionController::API
  # The JSON body is `{"lines_attributes": [...]}`; wrap_parameters wraps it as params[:receipt]
  # (nested attributes are not columns, so they are named here, as the ParamsWrapper docs show).
  wrap_parameters :receipt, include: [:lines_attributes], format: [:json]

  # POST /api/receipt (index_errors: true), POST /api/receipt_unindexed
  def create
    model = params[:indexed] == false ? UnindexedReceipt : Receipt
    @receipt = model.new(receipt_params)

    if @receipt.valid?
      render json: { id: next_id }, status: :created
    else
      render json: @receipt.errors, status: :unprocessable_entity
    end
  end

  private

  def next_id
    @@next_id = (defined?(@@next_id) ? @@next_id : 0) + 1
  end

  def receipt_params
    params.require(:receipt).permit(lines_attributes: [:sku, :qty])
  end
end

class UsersController < ActionController::API
  # POST /api/signup
  def create
    @user = User.new(user_params)

    if @user.save
      render json: { id: @user.id }, status: :created
    else
      render json: @user.errors, status: :unprocessable_entity
    end
  end

  private

  def user_params
    params.require(:user).permit(:username, :email, :password, :age)
  end
end

SignupApp.initialize!
SignupApp.routes.draw do
  post "/api/signup", to: "users#create"
  post "/api/receipt", to: "receipts#create", defaults: { indexed: true }
  post "/api/receipt_unindexed", to: "receipts#create", defaults: { indexed: false }
end

if $PROGRAM_NAME == __FILE__
  Rack::Handler::WEBrick.run(SignupApp, Host: "127.0.0.1", Port: Integer(ARGV.fetch(0)),
                             AccessLog: [], Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN))
end
