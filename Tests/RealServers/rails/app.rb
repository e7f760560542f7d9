# Rails 6.1 (Debian's ruby-rails), stock: an ActiveModel model with validations and a controller
# written as the JSON scaffold writes it (`render json: @user.errors, status: :unprocessable_entity`).
# One file, no database (the taken username is a constant). Run: ruby app.rb PORT
require "action_controller/railtie"
require "active_model/railtie"
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
end

if $PROGRAM_NAME == __FILE__
  Rack::Handler::WEBrick.run(SignupApp, Host: "127.0.0.1", Port: Integer(ARGV.fetch(0)),
                             AccessLog: [], Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN))
end
